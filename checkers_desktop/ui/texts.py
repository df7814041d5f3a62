"""The window's own sentences (picking up, the cursor, the app's state), in one place.

Game texts (moves, turns, refusals, results, square names) come from ``checkers_desktop.speech.messages``
and are re-exported here so the UI imports its words from a single module.
"""

from __future__ import annotations

from ..speech.messages import (game_over_text, last_move_text, move_text, refused_text,
                               square_name, turn_text)
from ..speech.spoken import number_words, spoken_squares

__all__ = ["game_over_text", "last_move_text", "move_text", "refused_text", "square_name",
           "turn_text"]  # and the window's own texts below


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def welcome_text(human_side: str) -> str:
    return (f"Checkers. A game against the computer is ready: you play {human_side} and move first. "
            "Arrow keys move over the board, Enter picks up and puts down, Control M types a move, "
            "Control N starts a new game. Single letters read the game: B the board, T whose turn, "
            "L the last move, A the legal moves, C the clocks. F1 lists every key.")


def new_game_text(vs_computer: bool, human_side: str) -> str:
    if vs_computer:
        return f"New game against the computer. You play {human_side}."
    return "New game for two players."


def picked_up_text(square: int, destinations: list[int]) -> str:
    return (f"{_cap(number_words(square))} picked up. It can go to "
            f"{spoken_squares(destinations, 'or')}.")


def put_back_text(square: int) -> str:
    return f"{_cap(number_words(square))} put back."


def through_text(square: int, ends: list[int]) -> str:
    return f"Through {number_words(square)}. Now choose the end square: {spoken_squares(ends, 'or')}."


def several_paths_text(end: int, vias: list[int]) -> str:
    return (f"There are several ways to reach {number_words(end)}. First put the piece on a square it "
            f"passes through: {spoken_squares(vias, 'or')}.")


def empty_square_text(square: int) -> str:
    return f"{_cap(number_words(square))} is empty. Pick up one of your own pieces."


def not_yours_text(square: int, owner: str) -> str:
    return f"{_cap(number_words(square))} is a {owner.lower()} piece, not yours."


def no_move_text(square: int) -> str:
    return f"The piece on {number_words(square)} has no move."


def no_square_text(typed: str) -> str:
    return f"There is no square {typed}. Squares are 1 to 32."


EDGE_TEXTS = {"up": "Top edge.", "down": "Bottom edge.", "left": "Left edge.", "right": "Right edge."}


def thinking_text() -> str:
    return "The computer is thinking."


def wait_text() -> str:
    return "Please wait: it is the computer's turn."


def game_not_running_text() -> str:
    return "No game in progress. Press Control N for a new game against the computer."


def resigned_text(side: str, winner: str) -> str:
    return f"{side} resigns. {winner} wins."


def resign_question() -> str:
    return "Do you really want to resign this game?"


def speech_text(on: bool) -> str:
    return "Speech on." if on else "Speech off."


def no_speech_engine_text(reason: str | None) -> str:
    text = "The app's own voice is not available"
    if reason:
        text += f" ({reason})"
    return text + ". Screen reader announcements still work."


def square_description(picked_up: bool, destination: bool, must_jump: bool, last_move: bool) -> str:
    """The accessible description of a board square: its marks in a few words ("" for none)."""
    words = []
    if picked_up:
        words.append("Picked up.")
    if destination:
        words.append("Can go here.")
    if must_jump:
        words.append("Must jump.")
    if last_move:
        words.append("Last move.")
    return " ".join(words)
