"""The window's own sentences: the welcome, speech and sound switches, the display settings,
saving and resuming, opening a game, the problem report, and things that went wrong."""

from __future__ import annotations

from typing import Optional

from .words import capital

# --- start and speech ------------------------------------------------------------------------------


def welcome_text(human_side: str) -> str:
    return (f"Checkers. A game against the computer is ready: you play {human_side} and move first. "
            "Arrow keys move over the board, Enter picks up and puts down, Control M types a move, "
            "Control N starts a new game; it asks first when a game is in progress, and in a match only "
            "the official can leave. Single letters read the game: B the board, T whose turn, "
            "L the last move, A the legal moves, C the clocks. F1 lists every key.")


def speech_text(on: bool) -> str:
    return "Speech on." if on else "Speech off."


def no_speech_engine_text(reason: Optional[str]) -> str:
    text = "The app's own voice is not available"
    if reason:
        text += f" ({reason})"
    return text + ". Screen reader announcements still work."


def sounds_text(muted: bool) -> str:
    return "Sounds off." if muted else "Sounds on."


def setting_text(title: str, value: str) -> str:
    """A setting just changed: "Verbosity: Brief." """
    return f"{title}: {value}."


def sounds_unavailable_text(reason: str) -> str:
    return f"Sounds are off: {reason}"


def sound_unplayable_text(name: str) -> str:
    return sounds_unavailable_text(f"{name}.wav cannot be played on this audio device.")


# --- display -----------------------------------------------------------------------------------------
def where_am_i_text(square_name: str, row: int, column: int, marks: str) -> str:
    """"Square 11, black man, row 3, column 6." plus the square's marks; ``row`` and ``column``
    1-8 from the top left of the screen."""
    text = f"Square {square_name}, row {row}, column {column}."
    return f"{text} {marks}" if marks else text


def theme_text(name: str) -> str:
    return f"Theme: {name}."


def zoom_text(percent: int, largest: bool, whole_board: bool) -> str:
    if largest:
        return f"Zoom {percent} percent, the largest."
    if whole_board:
        return f"Zoom {percent} percent, the whole board."
    return f"Zoom {percent} percent."


def text_size_text(percent: int, largest: bool) -> str:
    if largest:
        return f"Text size {percent} percent, the largest."
    return f"Text size {percent} percent."


def large_numbers_text(on: bool) -> str:
    return "Large square numbers on." if on else "Large square numbers off."


# --- saving and resuming -------------------------------------------------------------------------
CLOCKS_PAUSED_TEXT = ("The clocks are paused. The official restarts them with Control+Alt+R, "
                      "Event, Official, Restart the clocks.")


def resume_offer_text(summary: str) -> str:
    """The resume offer, shown and spoken: the saved game's summary and the question."""
    return f"{summary} Resume it?"


def resume_title_text() -> str:
    return "Resume the game?"


def resumed_text(turn: str, in_match: bool) -> str:
    """What is said once the game is back: "The game is resumed. Red to move." (and, in a
    match, that the clocks are paused)."""
    text = f"The game is resumed. {turn}".strip()
    if in_match:
        text += " " + CLOCKS_PAUSED_TEXT
    return text


def put_aside_text() -> str:
    return "The saved game was put aside. A new game is set up."


def not_resumed_text(reason: str) -> str:
    return f"The saved game could not be resumed: {reason}."


def match_not_rebuilt_text(reason: str) -> str:
    return f"The match could not be rebuilt ({reason}); the game is resumed on its own."


def saves_unreadable_text(folder, reason: str) -> str:
    return f"Saved games cannot be read in {folder} ({reason}). Play goes on."


def autosave_failed_text(reason: str) -> str:
    return f"The game could not be saved automatically ({reason}). Play goes on."


# --- files ---------------------------------------------------------------------------------------
def opened_text(name: str, plies: int, turn: str, note: Optional[str] = None) -> str:
    moves = f"{plies} move{'s' if plies != 1 else ''}"
    text = f"Opened the game from {name}: {moves} played. Two players. {turn}"
    return f"{text} {note}" if note else text


def only_first_moves_text(plies: int, problem: str) -> str:
    return f"Only the first {plies} moves could be read; then: {problem}"


def not_opened_text(reason: str) -> str:
    return f"The game could not be opened: {reason}. Nothing was changed."


def report_saved_text(path) -> str:
    return f"The problem report was saved as {path}. Please give this file to the organiser."


def report_not_written_text(path, reason: str) -> str:
    return f"The problem report could not be written to {path} ({reason})."


def score_sheet_saved_text(path) -> str:
    return f"Score sheet saved: {path}"


def file_not_written_text(reason: str) -> str:
    return f"The file could not be written: {reason}"


# --- things that went wrong --------------------------------------------------------------------
def settings_damaged_text(problem: str, kept) -> str:
    return (f"The settings file could not be read ({problem}); the standard settings are used. "
            f"The damaged file was kept as {kept}.")


def settings_unreadable_text(path, problem: str) -> str:
    return (f"The settings file {path} could not be read ({problem}); the standard settings are "
            "used for now.")


def unexpected_error_text(kind: str, message: str) -> str:
    """An exception nobody caught: ``kind`` its class name, ``message`` its text."""
    return (f"Something went wrong inside the app ({kind}: {message}). The game goes on; the "
            "details are in the log (Help, Save a problem report).")


def engine_failed_text() -> str:
    """The computer's search failed (a fault, logged with its details): the game goes on with the
    first legal move, and the player is told so."""
    return ("The computer's search failed, so it plays the first legal move instead. The details "
            "are in the log (Help, Save a problem report).")


def cap(text: str) -> str:
    """``text`` with a capital first letter (kept for sentences built from a library's words)."""
    return capital(text)
