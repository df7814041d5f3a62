"""The window's own sentences: the welcome, speech and sound switches, the display settings,
saving and resuming, opening a game, the problem report, and things that went wrong."""

from __future__ import annotations

from pathlib import PurePath
from typing import Mapping, Optional, Union

from ..rules import BLACK, WHITE, Color, score_sheet_moves
from .words import SideNames, capital, saved_where, side_name

PathText = Union[str, PurePath]
"""A file or folder as these sentences name it: a path or its text."""

# --- start and speech ------------------------------------------------------------------------------


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


def text_size_text(percent: int, largest: bool, smallest: bool = False) -> str:
    """"Text size 150 percent."; at the ends ", the largest." or ", the smallest.", so that a
    key pressed at an end is heard to change nothing."""
    if largest:
        return f"Text size {percent} percent, the largest."
    if smallest:
        return f"Text size {percent} percent, the smallest."
    return f"Text size {percent} percent."


def level_end_text(description: str, strongest: bool) -> str:
    """A level just chosen with the level keys that is the last one that way: the level's own
    sentence ("Level 6, master: the full strength, up to eight seconds a move.") and "It is the
    strongest level." (``strongest``) or "It is the gentlest level." """
    end = "strongest" if strongest else "gentlest"
    return f"{description} It is the {end} level."


def level_for_later_text(description: str) -> str:
    """A level chosen during a game of two players: the level's sentence and "No computer plays
    in this game: the level is for the next game against the computer." """
    return (f"{description} No computer plays in this game: the level is for the next game "
            "against the computer.")


def level_limit_text(number: int, name: str, strongest: bool) -> str:
    """The level key pressed at the end it goes toward: "Level 6, master, is already the
    strongest level." / "Level 1, beginner, is already the gentlest level." (nothing changed)."""
    end = "strongest" if strongest else "gentlest"
    return f"Level {number}, {name}, is already the {end} level."


def side_panel_text(shown: bool) -> str:
    """Said when the player shows or hides the side panel (View > Side panel)."""
    return ("Side panel shown: the legend, the legal moves, the moves played and the board as "
            "text." if shown else "Side panel hidden.")


def large_numbers_text(on: bool) -> str:
    return "Large square numbers on." if on else "Large square numbers off."


# --- saving and resuming -------------------------------------------------------------------------
def unfinished_game_text(title: str, *, against_computer: bool, level: Optional[int] = None,
                         players: Optional[tuple[str, str]] = None,
                         sides: tuple[str, str] = ("Black", "Red"), moves: Optional[int] = None,
                         turn_side: Optional[str] = None) -> str:
    """The saved game the resume offer names: "An unfinished game was found: against the
    computer at level 4, VA Golden Age, standard, after 14 moves, Black to move." or "...: for
    two players, Ann (Black) against Bob (Red), ...". ``title``: the rule profile's; ``sides``:
    its names for Black and White; ``moves`` counted as the moves played list counts them."""
    if against_computer:
        kind = "against the computer" + (f" at level {level}" if level else "")
    else:
        kind = "for two players"
    parts = [kind, title]
    if players:
        parts.append(f"{players[0]} ({sides[0]}) against {players[1]} ({sides[1]})")
    if moves is not None and turn_side:
        parts.append(f"after {moves} move{'s' if moves != 1 else ''}, {turn_side} to move")
    return "An unfinished game was found: " + ", ".join(p for p in parts if p) + "."


def resume_offer_text(summary: str) -> str:
    """The resume offer, shown and spoken: the saved game's summary and the question."""
    return f"{summary} Resume it?"


def resume_title_text() -> str:
    return "Resume the game?"


def resumed_text(turn: str, in_match: bool) -> str:
    """What is said once the game is back: "The game is resumed. Red to move."; in a match
    ``turn`` is the status line's first part, which says the game waits for the official to
    start it again (Control Alt G), its clocks stopped."""
    return f"The {'match' if in_match else 'game'} is resumed. {turn}".strip()


def put_aside_text() -> str:
    return "The saved game was put aside. A new game is set up."


def not_resumed_text(reason: str) -> str:
    return f"The saved game could not be resumed: {reason}."


def match_not_rebuilt_text(reason: str) -> str:
    return f"The match could not be rebuilt ({reason}); the game is resumed on its own."


def saves_unreadable_text(folder: PathText, reason: str) -> str:
    return f"Saved games cannot be read in {folder} ({reason}). Play goes on."


def write_failure_words(failure: str, folder: PathText, detail: str) -> str:
    """Why a file could not be written, for a player: ``failure`` is a
    ``storage.WriteFailure`` value, ``folder`` where it was to be written, ``detail`` the
    system's own words (said only when nothing plainer fits)."""
    return {
        "not_a_folder": f"{folder} is a file, not a folder",
        "not_permitted": f"this user may not write in {folder}",
        "disk_full": "the disk is full",
        "read_only": "the disk is read-only",
    }.get(failure, detail)


def autosave_not_saved_text(reason: str, kept: bool = True) -> str:
    """A save after a move failed (disk full, no permission): play goes on; ``kept``: an earlier
    save of this game exists and stays as it was."""
    text = f"The game could not be saved automatically ({reason}). Play goes on"
    return text + ("; the last saved position is kept." if kept else ".")


def autosave_failed_text(reason: str) -> str:
    return f"The game could not be saved automatically ({reason}). Play goes on."


# --- saves that could not be used, and seals ---------------------------------------------------------
# The storage layer gives data (``storage.SaveProblem``, ``storage.Integrity``); these say it. Each
# says what happened, where the file is now, and what the player can do; a file the player may not
# read is never called "damaged".

def _name(path: PathText) -> str:
    return str(path)


def save_set_aside_text(problem: str, kept: PathText, original: PathText, reason: str, *, moved: bool = True,
                        fallback: bool = False, new_game: bool = True) -> str:
    """One save that was not used. ``problem``: a ``storage.SaveProblem`` value ("damaged",
    "refused", "not permitted", "unreadable"); ``kept``: where it is now; ``original``: its name
    before; ``reason``: words from the checks; ``moved``: False when it could not be renamed;
    ``fallback``: an older save is offered instead; ``new_game``: say that a new game started (the
    last sentence when nothing is offered)."""
    where = f"it was kept as {_name(kept)}" if moved else f"it was left as {_name(kept)}"
    if problem == "refused":
        head = (f"The saved game was refused: its position cannot be reached by the recorded "
                f"moves ({reason}); {where}")
    elif problem == "not permitted":
        head = (f"The saved game {_name(original)} cannot be opened: you are not allowed to read "
                f"it, so it was not checked; {where}")
    elif problem == "unreadable":
        head = f"The saved game {_name(original)} cannot be opened ({reason}); {where}"
    else:
        head = f"The saved game could not be read; {where}"
    if fallback:
        return head + ". The save before it can be resumed instead."
    if new_game:
        return head + " and a new game started."
    return head + "."


def saves_set_aside_end_text() -> str:
    """After several saves were set aside and none could be offered."""
    return "A new game started."


def save_not_resumed_text(kept: PathText, reason: str, moved: bool = True) -> str:
    """The save passed the checks but the game could not be rebuilt from it (a fault)."""
    where = f"it was kept as {_name(kept)}" if moved else f"it was left as {_name(kept)}"
    return (f"The saved game could not be read; {where} and a new game started. ({reason})")


def integrity_offer_note(integrity: str) -> str:
    """Added to the resume offer when the save's seal does not vouch for it. ``integrity``: a
    ``storage.Integrity`` value."""
    if integrity == "changed":
        return "Warning: it was changed outside the app."
    if integrity == "unsealed":
        return "Warning: it carries no seal, so it may have been changed outside the app."
    if integrity == "other install":
        return "Warning: it was saved by another copy of the app, so it cannot be checked here."
    return ""


def integrity_resumed_text(integrity: str, in_match: bool) -> str:
    """Said after resuming a save whose seal does not vouch for it."""
    what = {"changed": "This saved game was changed outside the app.",
            "unsealed": "This saved game carries no seal, so it may have been changed outside "
                        "the app.",
            "other install": "This saved game was saved by another copy of the app, so it "
                             "cannot be checked here."}.get(integrity, "")
    if not what:
        return ""
    tail = " It is a legal game, so it was resumed"
    tail += "; the score sheet says so." if in_match else "."
    return what + tail


def integrity_paper_text(integrity: str, wall: str) -> str:
    """The score sheet's and the PDN's note: "Changed outside the app: ..." (``wall``: the time
    of day of the resume)."""
    what = {"changed": "the saved match did not match its seal",
            "unsealed": "the saved match carried no seal",
            "other install": "the saved match was sealed by another copy of the app"}.get(
        integrity, "the saved match could not be checked")
    return f"Changed outside the app: {what} when it was resumed at {wall}."


def record_changed_text(name: str, integrity: str, kept: Optional[PathText] = None) -> str:
    """A record of the match folder (``name``: "game-1.pdn") that its seal does not vouch for;
    ``kept``: where the changed file was put when the app wrote its own record again."""
    what = {"unsealed": "carries no seal, so it may have been changed outside the app",
            "other install": "was sealed by another copy of the app"}.get(
        integrity, "was changed outside the app")
    text = f"The record {name} in this match's folder {what}."
    if kept is not None:
        text += f" It was kept as {_name(kept)} and written again from the app's own record."
    return text


def record_changed_paper_text(name: str, integrity: str, wall: str) -> str:
    what = {"unsealed": "carried no seal", "other install": "was sealed by another copy of "
            "the app"}.get(integrity, "did not match its seal")
    return f"Changed outside the app: the record {name} {what} when the match was resumed at " \
           f"{wall}."


def history_not_read_text(reason: str) -> str:
    return (f"The match's earlier games could not be read back ({reason}); the score sheet "
            "lists the games from now on.")


def records_unsealed_text(reason: str) -> str:
    return (f"Records cannot be sealed on this laptop ({reason}). Play goes on; changes made "
            "outside the app cannot be detected.")


def already_open_text() -> str:
    return "Checkers is already open."


def brought_to_front_text() -> str:
    """Said by the running app when a second start brought its window to the front."""
    return "Checkers is already open: here it is."


# --- files ---------------------------------------------------------------------------------------
def opened_text(name: str, plies: int, turn: str, note: Optional[str] = None, *,
                event: Optional[str] = None, players: Optional[Mapping[Color, str]] = None,
                stated: bool = False, winner: Optional[Color] = None,
                side_names: SideNames = None, number: Optional[int] = None,
                root_turn: Color = BLACK, computer: Optional[Color] = None,
                level: Optional[int] = None) -> str:
    """Said when a game of a PDN file is on the board: the file ``name``, the ``event`` (a
    tournament, or a composed problem's title), the ``players`` by colour, the moves played
    (``plies``, counted as the score sheet counts moves; ``root_turn``: the side to move first),
    the result the file records when ``stated`` (``winner`` None: a draw; for a
    composed problem, what its composer claims), then ``turn`` (the status line's headline) and a
    ``note`` (the moves that could not be read). "Opened the game from border.pdn: Boland's Border
    Classics #A-1. No moves played. Stated result: Red wins. Two players. Red to move."
    ``number``: the game's place in a file of several games ("Opened game 12 from tinsley.pdn:
    London 1992, game 25. ...")." ``computer``: the side the computer plays in a game saved
    against it, at ``level``: "Against the computer at level 4. You play Black." takes the place
    of "Two players."."""
    opened = f"Opened game {number} from {name}" if number else f"Opened the game from {name}"
    parts = [opened + (f": {event}." if event else ".")]
    named = [f"{side_name(side_names, color)}: {players[color]}" for color in (BLACK, WHITE)
             if players and players.get(color)]
    if named:
        parts.append(", ".join(named) + ".")
    moves = score_sheet_moves(plies, root_turn)
    parts.append("No moves played." if moves == 0 else
                 f"{moves} move{'s' if moves != 1 else ''} played.")
    if stated:
        parts.append("Stated result: " + ("a draw." if winner is None else
                                          f"{side_name(side_names, winner)} wins."))
    if computer is not None:
        at = f" at level {level}" if level is not None else ""
        parts.append(f"Against the computer{at}. You play {side_name(side_names, computer.other)}."
                     f" {turn}")
    else:
        parts.append(f"Two players. {turn}")
    if note:
        parts.append(note)
    return " ".join(parts)


def game_choice_text(number: int, event: Optional[str] = None, date: Optional[str] = None,
                     players: Optional[Mapping[Color, str]] = None, stated: bool = False,
                     winner: Optional[Color] = None, side_names: SideNames = None) -> str:
    """One game of a file in the list to choose from, its number first (a screen reader's
    type-ahead finds "12" by its digits): "12. London 1992, game 25, 1992-08-17. Black:
    Chinook, Red: M Tinsley. A draw." Parts the file does not give are left out ("3. No event
    named.")."""
    first = f"{number}. " + (event or "No event named") + (f", {date}" if date else "") + "."
    parts = [first]
    named = [f"{side_name(side_names, color)}: {players[color]}" for color in (BLACK, WHITE)
             if players and players.get(color)]
    if named:
        parts.append(", ".join(named) + ".")
    if stated:
        parts.append("A draw." if winner is None else f"{side_name(side_names, winner)} won.")
    return " ".join(parts)


def choose_game_title_text() -> str:
    return "Choose a game"


def choose_game_label_text(name: str, count: int, more: bool) -> str:
    """The question above the list of a file's games: "tinsley.pdn holds 724 games. Choose one
    with the arrow keys, or type its number, then press Enter." (``more``: only the first
    ``count`` are listed)."""
    held = (f"holds more than {count:,} games; the first {count:,} are listed" if more
            else f"holds {count:,} games")
    return (f"{name} {held}. Choose one with the arrow keys, or type its number, then press "
            "Enter.")


def window_title_text(name: Optional[str] = None, event: Optional[str] = None) -> str:
    """The window's title: "Checkers", or, while a game opened from a file is on the board, the
    file's ``name`` and its ``event`` ("border-a1.pdn, Boland's Border Classics #A-1"), so that
    what was opened stays on screen and a screen reader says it with the window. As for any
    document window, the system adds the application's name after it on Linux and Windows
    ("border-a1.pdn, Boland's Border Classics #A-1 — Checkers")."""
    if not name:
        return "Checkers"
    return name + (f", {event}" if event else "")


def only_first_moves_text(plies: int, problem: str) -> str:
    return f"Only the first {plies} moves could be read; then: {problem}"


def opening_text(name: str) -> str:
    """Said when a file is being read (a progress window with Cancel is shown)."""
    return f"Opening {name}. Press Escape to cancel."


def opening_title_text() -> str:
    return "Opening a game"


def cancel_button_text() -> str:
    return "Cancel"


def open_cancelled_text() -> str:
    return "Opening was cancelled. The game on the board is unchanged."


_UNCHANGED = " The game on the board is unchanged."


def open_failed_text(problem: str, name: str, detail: str = "") -> str:
    """A file that could not be opened, in words a player can act on. ``problem``: a
    ``inputs.InputProblem`` value (``session.opening.OpenProblem``); ``name``: the file's name; ``detail``: the reader's
    words (a short sentence)."""
    if problem == "missing":
        text = f"There is no file {name} any more. Choose another file."
    elif problem == "not permitted":
        text = (f"You are not allowed to read {name}. Choose another file, or ask whoever looks "
                "after this laptop to let you read it.")
    elif problem == "folder":
        text = f"{name} is a folder, not a file. Open the folder and choose a game file in it."
    elif problem == "not regular":
        text = (f"{name} is not a file on disk (a pipe or a device), so it was not read. "
                "Choose a game file (PDN).")
    elif problem == "too large":
        text = (f"{name} is too large to be a game record; a game file may be at most 20 MB. "
                "Choose a smaller file.")
    elif problem == "empty":
        text = f"This file is not a checkers game record (PDN): {name} is empty."
    elif problem in ("not text", "encoding", "wrong content"):
        text = f"This file is not a checkers game record (PDN): {name}" + (
            f" ({detail})." if detail else ".")
    elif problem == "limit":
        text = (f"{name} cannot be read as a game record: {detail}. It is not an ordinary game "
                "file.")
    elif problem == "no game":
        text = f"{name} holds no game to play" + (f" ({detail})." if detail else ".")
    elif problem == "bad start":
        text = f"The game in {name} starts from a position that is not legal ({detail})."
    elif problem == "cancelled":
        return open_cancelled_text()
    else:
        text = f"{name} could not be opened" + (f" ({detail})." if detail else ".")
    return text + _UNCHANGED


def not_opened_text(reason: str) -> str:
    return f"The game could not be opened: {reason}. Nothing was changed."


def report_saved_text(path: PathText, full: bool = False) -> str:
    """"The problem report was saved as report.zip in Documents. Please give this file to the
    organiser." (``full``: the whole path, for the status line)."""
    return (f"The problem report was saved as {saved_where(path, full)}. Please give this file "
            "to the organiser.")


def report_not_written_text(path: PathText, reason: str) -> str:
    return f"The problem report could not be written to {path} ({reason})."


def score_sheet_saved_text(path: PathText, full: bool = False) -> str:
    """"Score sheet saved: score-sheet.pdf in Documents." (``full``: the whole path, for the
    status line)."""
    return f"Score sheet saved: {saved_where(path, full)}."


def file_not_written_text(reason: str) -> str:
    return f"The file could not be written: {reason}"


# --- things that went wrong --------------------------------------------------------------------
def settings_damaged_text(problem: str, kept: PathText) -> str:
    return (f"The settings file could not be read ({problem}); the standard settings are used. "
            f"The damaged file was kept as {kept}.")


def settings_unreadable_text(path: PathText, problem: str) -> str:
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


# --- the computer getting ready at the first start ----------------------------------------------


def engine_preparation_text(compiling: bool, endgame_ready: int, endgame_target: int,
                            first_time: bool = True) -> Optional[str]:
    """One line while the computer prepares at its first start (see engine/preparation.py),
    None once it is ready: "Computer getting ready, the first time only: making its search
    faster; learning endings with 5 or fewer pieces left (4 or fewer learnt)." Said in a
    player's words: an earlier wording, "fast search; endgame database", was programmers'
    jargon, and "every ending of up to 5 pieces" could be read as the player's own 5 pieces.
    The computer plays meanwhile, a little weaker. ``first_time`` False (it finished once on this
    install, and its caches are being read again or rebuilt): "Computer getting ready: ..."."""
    parts = []
    if compiling:
        parts.append("making its search faster")
    if endgame_target:
        part = f"learning endings with {endgame_target} or fewer pieces left"
        if endgame_ready:
            part += f" ({endgame_ready} or fewer learnt)"
        parts.append(part)
    if not parts:
        return None
    lead = "Computer getting ready, the first time only: " if first_time else \
        "Computer getting ready: "
    return lead + "; ".join(parts) + "."


def engine_ready_text() -> str:
    """Said once when the preparation line (:func:`engine_preparation_text`) goes, so that a
    player who hears the screen reader and not the status line learns that the computer has
    finished. It names no strength: "it now plays at full strength", heard just after choosing a
    lower level, sounds as if that level had been overridden."""
    return "The computer has finished getting ready."


def last_game_text(result: str) -> str:
    """The result of the game before this one, kept on the status line while the next is
    played: "Last game: Ann Lee, Black, wins."."""
    return f"Last game: {result}"


def no_command_text(key: str) -> str:
    """A key with no command where the keyboard is: "No command on Q. F1 lists the keys."."""
    return f"No command on {key}. F1 lists the keys."
