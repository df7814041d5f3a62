"""Voice commands acted on: what a decoded utterance (``speech.voice.VoiceResult``) does in the
game, and when it waits for "yes" first.

:class:`VoiceSession` maps each result onto the game's own paths, exactly as keys would act: a
move goes through ``GameSession.submit_text`` (the referee, touch-move and every announcement
apply as for a typed move), "pick up N" and a bare square through ``GameSession.activate`` (as
Enter on the board). Reading commands, hints, taking back, offering a draw, silencing the voice
and answering a question box are the window's: they go to a :class:`VoiceHost`. The confirmation
rules are ``speech.voice.needs_confirmation`` under the player's setting; a pick-up binds only
under strict touch-move (VA rulebook 4:00 s1) and only when no piece is held yet.

What was heard is shown on the status line and spoken ("Heard: eleven to fifteen."); what is not
possible now is refused in words, with the refusal sound, and the game is unchanged. An utterance
decoded against a position that has changed since it was heard is refused as stale.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional, Protocol

from ..rules import Board
from ..rules.profiles import TouchRule
from ..speech.announcer import Priority
from ..speech.voice import (Confirmation, VoiceResult, available_commands, needs_confirmation,
                            pick_up_commits)
from ..speech.voice.phrases import said_move
from ..texts import game as game_texts
from ..texts import voice as voice_texts
from .events import GameStarted, MovePlayed
from .game import GameSession, Mode

__all__ = ["KEYBOARD_ONLY_BETWEEN_PLAYERS", "READING_COMMANDS", "VoiceHost", "Heard", "VoiceSession", "QUIET_WHEN_CONTINUOUS"]

READING_COMMANDS: dict[str, str] = {
    "read-board": "read_board",
    "my-pieces": "read_my_pieces",
    "their-pieces": "read_opponent_pieces",
    "count": "read_counts",
    "last-move": "read_last_move",
    "my-moves": "read_all_moves",
    "time": "read_clocks",
    "whose-turn": "read_turn",
}
"""Spoken command name (accessibility/voice-commands.md) -> reading command id (ui/actions.py)."""

KEYBOARD_ONLY_BETWEEN_PLAYERS = frozenset({"resign", "offer-draw"})
"""Spoken commands refused in a game between two players (a match too): the recogniser cannot
tell which player spoke, so one player could resign, or offer a draw, for the side to move."""


class VoiceHost(Protocol):
    """What spoken commands do outside the game (the window's side)."""

    def answer_question(self, yes: bool) -> bool:
        """Answer the yes/no question open on screen (the resume offer, a confirmation, a draw
        offer); False when none is open."""

    def question_open(self) -> bool:
        """Whether a yes/no question is open on screen that a spoken answer may answer (a
        player's own): what is said is then decoded as an answer, with every rule of a spoken
        confirmation (a clear "yes" only)."""

    def closed_to_voice(self) -> bool:
        """Whether a window or question is open that voice must not act under (the official's
        or the organiser's question or form, a PIN): nothing said is acted on meanwhile."""

    def read(self, command_id: str) -> None:
        """Say the answer of the reading command ``command_id`` (a key of ``READING_COMMANDS``'s
        values)."""

    def hint(self) -> None: ...

    def take_back(self) -> None: ...

    def practice_command(self, name: str) -> None:
        """A spoken practice command: "show-solution" or "next-problem" (the Practice menu's
        Show the solution and Next problem for me)."""

    def offer_draw(self) -> None:
        """The player to move offers a draw (already confirmed by voice)."""

    def stop_speaking(self) -> None: ...

    def point_at(self, square: int) -> None:
        """Put the board's cursor on ``square`` (1-32), without taking the focus."""


@dataclass(frozen=True)
class Heard:
    """The game as it stood when an utterance was heard: what its decoding needs (a copy of the
    ``board``, the ``profile``, the piece picked up, whether a "yes" is awaited, the checkers a
    penalty lets the player choose from) and what tells later whether it is stale."""

    board: Board
    profile: object
    selected: Optional[int]
    confirming: bool
    choosing: Optional[frozenset[int]]
    ply: int
    key: object
    continuous: bool = False
    """Cut out of the room by continuous listening, not said with the push-to-talk key held:
    what is no command at all (:data:`QUIET_WHEN_CONTINUOUS`) is then only shown, not spoken
    with the refusal sound. In a hall, other people's talk loud enough to be cut out is not
    meant for the game, and "I did not understand" after each of their sentences drowned the
    game's own speech; continuous recognisers (Dragon's command mode, Windows Speech
    Recognition) stay silent there too. What was said as a command, but could not be taken
    (not legal, not sure which move, not possible now), is still spoken."""
    toggles: bool = False
    """Said between two presses of the talk key (not while holding it): a phrase with no speech
    in it is then refused with how to talk in that mode."""


QUIET_WHEN_CONTINUOUS = frozenset({"not-understood", "silence"})
"""The refusals of a ``VoiceResult`` (its ``reason``) that continuous listening only shows."""


class VoiceSession:
    """Voice commands on ``game``. ``host``: the window's side (:class:`VoiceHost`).
    ``confirmation()``: the player's setting now (a ``Confirmation``).

    Attributes: ``pending`` (a ``VoiceResult`` waiting for "yes"), ``last_feedback`` (the last
    sentence shown for an utterance)."""

    def __init__(self, game: GameSession, host: VoiceHost,
                 confirmation: Callable[[], Confirmation]) -> None:
        self.game = game
        self.host = host
        self.confirmation = confirmation
        self.pending: Optional[VoiceResult] = None
        self._pending_key: Optional[tuple[int, tuple[int, int, int, bool]]] = None
        self._unclear_answers = 0
        """How many answers in a row to the question of ``pending`` were not taken."""
        self._which = False
        """Whether the last thing said was "Did you say ... or ...?" (answered with a move)."""
        self.last_feedback = ""
        game.subscribe(self._on_game_event)

    # --- what an utterance is decoded against ------------------------------------------------
    def listening_state(self, continuous: bool = False, toggles: bool = False) -> Heard:
        """The state to decode the next utterance against (and to check it against later);
        ``continuous``: the utterance comes from continuous listening (see
        :attr:`Heard.continuous`); ``toggles``: the talk key is pressed to start and to stop
        (:attr:`Heard.toggles`)."""
        g = self.game
        board = g.board.copy()
        selected = g.selected if (g.selected is not None and len(g.partial_path) == 1) else None
        penalty = g.referee.pending_penalty
        choosing = frozenset(penalty.squares) if penalty is not None else None
        return Heard(board, g.profile, selected, self._answer_awaited(), choosing, board.ply,
                     board.key(), continuous, toggles)

    def _answer_awaited(self) -> bool:
        """Whether "yes" or "no" is awaited: a move or command read back, or a question open on
        screen (a draw offer to answer, the resume offer), which a "yes" answers with the same
        care as a move read back."""
        return self.pending is not None or bool(self.host.question_open())

    def heard(self, result: VoiceResult, state: Heard) -> None:
        """Act on ``result``, decoded against ``state``: refused as stale when the position (or
        whether a "yes" is awaited) changed since, for anything that depends on it."""
        if self.host.closed_to_voice():
            # the official's question, a PIN or a form is open: a player's voice neither
            # answers it nor plays under it
            if state.continuous:
                self.show_only(voice_texts.closed_to_voice_text())
            else:
                self.refuse_closed_to_voice()
            return
        board = self.game.board
        moved = (board.ply, board.key()) != (state.ply, state.key)
        awaited = self._answer_awaited()
        if (moved or state.confirming != awaited) and (
                result.kind in ("move", "square", "pick-up") or result.command in ("yes", "no")):
            if not moved and state.confirming and not awaited and result.kind == "command":
                # the question was answered (by keyboard) or closed while this was decoded
                self._refuse(voice_texts.nothing_to_confirm_text())
            else:
                self._refuse(voice_texts.stale_text(result.heard))
            return
        if state.continuous and result.kind == "nothing" and \
                result.reason in QUIET_WHEN_CONTINUOUS:
            self.show_only(voice_texts.heard_text(result))
            return
        if result.kind == "nothing" and result.reason == "silence" and not result.heard:
            text = voice_texts.nothing_heard_text(state.toggles)
            if self.pending is not None:  # what still waits is asked again
                text += " " + voice_texts.confirmation_question_text(self.pending)
            self._refuse(text)
            return
        self._act(result)

    def refuse_closed_to_voice(self) -> None:
        """The talk key pressed, or a phrase ended, while a window or question that voice may
        not answer is open: refused in words (see :meth:`VoiceHost.closed_to_voice`)."""
        self._refuse(voice_texts.closed_to_voice_text())

    def drop_pending(self) -> None:
        self.pending = None
        self._pending_key = None
        self._unclear_answers = 0
        self._which = False

    def say_help(self) -> None:
        """"What can I say?": the commands the current rules allow, spoken and shown."""
        text = voice_texts.voice_help_text(available_commands(self.game.profile))
        self.show_only(text.splitlines()[0])
        self.game.announcer.announce(text.replace("\n", " "), Priority.READING)

    # --- acting --------------------------------------------------------------------------------
    def _act(self, result: VoiceResult) -> None:
        # "Did you say eleven to fifteen or eleven to sixteen?" asked last: a "yes" or "no"
        # said next is answered by asking for the move again, here
        which, self._which = self._which, (
            not result.ok and result.reason == "unsure"
            and voice_texts.did_you_say_text(result.rivals) is not None)
        if which and result.command in ("yes", "no") and self.pending is None \
                and not self.host.question_open():
            self._refuse(voice_texts.say_which_move_text())
            self._which = True
            return
        if not result.ok and self.pending is not None:
            # an answer to the move (or command) read back that was not taken: the question is
            # asked again, with how to be heard from the second time in a row
            self._unclear_answers += 1
            self._refuse(voice_texts.asked_again_text(
                result.heard, voice_texts.confirmation_question_text(self.pending),
                self._unclear_answers))
            return
        if not result.ok:
            named = self._illegal_text(result) if result.reason == "not-legal" else None
            self._refuse(named or voice_texts.heard_text(result))
            return
        if result.kind == "command":
            self._command(result)
            return
        g = self.game
        # a pick-up binds only when nothing is held yet (a held piece already binds the player)
        binds = pick_up_commits(g.profile.touch is TouchRule.STRICT) and g.selected is None
        if needs_confirmation(result, self.confirmation(), pick_up_binds=binds):
            self._ask(result)
            return
        if result.kind == "move":
            # shown, not spoken: the move's own announcement follows at once and says it ("You:
            # eleven to fifteen."), and the computer's reply waits for it to be said (the screen
            # reader's and the own voice's holds)
            self.show_only(voice_texts.heard_text(result))
        else:
            self._show(voice_texts.heard_text(result), Priority.QUEUE)
        self._perform(result)
        self._keep_shown(voice_texts.heard_text(result))

    def _illegal_text(self, result: VoiceResult) -> Optional[str]:
        """The refusal of a move said that is not legal here, named with what the piece said
        can do instead (``texts.voice.illegal_move_text``); None when what was heard names no
        move (a pick-up of an empty square, a put-down), which keeps the recogniser's own
        sentence."""
        said = said_move(result.heard)
        if said is None:
            return None
        squares, jump = said
        board = self.game.board
        piece = board.piece_at(squares[0])
        legal = list(board.legal_moves)
        if piece is None or piece.color is not board.turn:
            return voice_texts.illegal_move_text(squares, jump, None, (), False)
        own = [m for m in legal if m.from_square == squares[0]]
        captures = [m for m in legal if m.is_capture]
        return voice_texts.illegal_move_text(
            squares, jump, piece.kind.value, sorted({m.to_square for m in own}),
            bool(own) and all(m.is_capture for m in own),
            [m.path for m in captures] if not own else ())

    def _perform(self, result: VoiceResult) -> None:
        """A move, a pick-up or a square, through the game's normal paths."""
        g = self.game
        if result.kind == "move" and result.move is not None:
            g.submit_text(result.move.pdn())
        elif result.kind == "pick-up" and result.square is not None:
            if g.selected == result.square and len(g.partial_path) == 1:
                # already held: say where it can go (Enter here again would put it back)
                g.announcer.announce(game_texts.picked_up_text(result.square,
                                                               sorted(g.destinations())),
                                     Priority.READING)
            else:
                g.activate(result.square)
        elif result.kind == "square" and result.square is not None:
            n = len(g.partial_path)
            through = any(result.square in m.path[n:-1] for m in g.candidate_moves())
            if through and result.move is not None:
                g.submit_text(result.move.pdn())  # the heard square ends exactly one move
            else:
                g.activate(result.square)  # put down (or, while a penalty is due, remove)
        target = result.move.to_square if result.move is not None else result.square
        if target is not None:
            self.host.point_at(target)

    def _ask(self, result: VoiceResult) -> None:
        self.pending = result
        self._unclear_answers = 0
        board = self.game.board
        self._pending_key = (board.ply, board.key())
        self._show(voice_texts.confirmation_question_text(result), Priority.INTERRUPT)

    def _command(self, result: VoiceResult) -> None:
        name = result.command
        if name in ("yes", "no") and self.host.answer_question(name == "yes"):
            self.show_only(voice_texts.heard_text(result))
            return
        if name in ("yes", "no"):
            pending, self.pending = self.pending, None
            self._unclear_answers = 0
            board = self.game.board
            if pending is None:
                self._refuse(voice_texts.nothing_to_confirm_text())
                return
            if pending.kind != "command" and self._pending_key != (board.ply, board.key()):
                self._refuse(voice_texts.stale_text(pending.heard))  # the position changed
                return
            if name == "no":
                self._show(voice_texts.cancelled_text(), Priority.INTERRUPT)
                return
            if pending.kind == "command":
                self._show(voice_texts.heard_text(result), Priority.QUEUE)
                if pending.command is not None:
                    self._confirmed_command(pending.command)
            else:
                # shown, not spoken: the move's own announcement follows at once and tells it
                # ("You: eleven to fifteen."), and would cut "Heard: yes." short half-said
                self.show_only(voice_texts.heard_text(result))
                self._perform(pending)
                self._keep_shown(voice_texts.heard_text(pending))
            return
        if name == "repeat":  # not "Heard: repeat.": that would become the last message
            self.show_only(voice_texts.heard_text(result))
            self.game.announcer.repeat_last()
            return
        if name == "stop-talking":
            self.show_only(voice_texts.heard_text(result))
            self.host.stop_speaking()
            return
        if name in KEYBOARD_ONLY_BETWEEN_PLAYERS and self.game.mode is Mode.TWO_PLAYERS:
            # two players at one table: the voice cannot tell who speaks, and one player's
            # "resign" (or draw offer) must not be made for the other
            self._refuse(voice_texts.keyboard_only_between_players_text(name))
            return
        if needs_confirmation(result, self.confirmation()):  # resign, offer draw; undo maybe
            self._ask(result)
            return
        self.show_only(voice_texts.heard_text(result))
        if name in READING_COMMANDS:
            self.host.read(READING_COMMANDS[name])
        elif name == "help":
            self.say_help()
        elif name == "hint":
            self.host.hint()
        elif name == "undo":
            self.host.take_back()
        elif name in ("show-solution", "next-problem"):
            self.host.practice_command(name)
        else:  # pragma: no cover - every command of speech.voice.COMMANDS is handled above
            self._refuse(voice_texts.heard_text(result))

    def _confirmed_command(self, name: str) -> None:
        if name == "resign":
            self.game.resign()
        elif name == "undo":
            self.host.take_back()
        else:
            self.host.offer_draw()

    # --- telling ---------------------------------------------------------------------------
    def show_only(self, text: str) -> None:
        """Put ``text`` on the status line (until the next message or move)."""
        self.last_feedback = text
        self.game.show_message(text)

    def _keep_shown(self, text: str) -> None:
        """After acting: show ``text`` again unless the game has a message of its own (a
        refusal); a move clears the status line's message, and what was heard should stay."""
        if not self.game.message:
            self.show_only(text)

    def _show(self, text: str, priority: Priority) -> None:
        self.show_only(text)
        self.game.announcer.announce(text, priority)

    def _refuse(self, text: str) -> None:
        """Not possible now: shown, spoken, the refused sound; the game is unchanged."""
        self.last_feedback = text
        self.game.refuse(text)

    def _on_game_event(self, event: object) -> None:
        if isinstance(event, (MovePlayed, GameStarted)):
            self.drop_pending()
