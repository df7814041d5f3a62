"""The referee: one game played under one rule profile.

The :class:`Referee` holds the board, the game clock and the touch-move state, and applies the
profile's rules to everything that happens: moves (touch-move, refused jumps), time (warnings,
penalties, adjudication at the game limit), official actions (pause, resume, stalling, forfeit,
correcting a result), draws (agreement, the official's declaration, WCDF's 40-move count and
"see-saw" repetition) and the game's end with its reason. Every method returns a plain object
(:class:`Ruling`, a list of events); nothing calls back, so a Qt layer can wrap it. Every action is
recorded with the game's running time (:attr:`Referee.record`) for a score sheet or PDN.

All times are seconds. The clock is driven by an injected time source, and the random draw of
Caseville's tie rule by an injected ``random.Random``.
"""

from __future__ import annotations

import random
import time
from typing import Any, Optional, Union

from . import bitboard as bb
from .board import Board
from .clock import (ClockEvent, GameClock, GameTimeExpired, MoveTimeExpired, SideTimeExpired,
                    TimeSource)
from .errors import AmbiguousMoveError, IllegalMoveError, RulesError
from .notation import parse_squares, path_matches
from .profiles import (MoveLimitPenalty, Profile, RefusalRule, TieRule, TouchViolation,
                       get_profile, material_totals, profile_legal_moves, push_profile_move)
from .rulings import (AdjudicationCause, EndReason, Event, FortyMovesCompleted, GameEnded, GameResult, PenaltyCause,
                      PenaltyDue, RecordEntry, Ruling, RulingCode, Verdict)
from .touch import TouchMove, TouchStatus
from .types import BLACK, WHITE, Color, Move, Square

__all__ = ["Referee"]


_MOVE_COUNT = 40  # WCDF 6.2


class Referee:
    """One game under one profile.

    ``profile``: a :class:`Profile` or its key. ``board``: the position to start from (a new
    starting position by default; the referee plays on it). ``time_source``: monotonic seconds.
    ``clock``: a ready-made :class:`GameClock` (by default one is built from the profile).
    ``rng``: the random source of Caseville's tie rule. ``play_out``: this game follows a drawn game,
    so equal material at the time limit does not draw: the game goes on without limit (VA 4:00 s4).
    """

    def __init__(self, profile: Union[Profile, str], board: Optional[Board] = None, *,
                 time_source: TimeSource = time.monotonic, clock: Optional[GameClock] = None,
                 rng: Optional[random.Random] = None, play_out: bool = False) -> None:
        self.profile = get_profile(profile) if isinstance(profile, str) else profile
        self.board = board if board is not None else Board()
        self.rng = rng if rng is not None else random.Random()
        self.play_out = play_out
        p = self.profile
        if clock is None:
            ml = p.move_limit
            clock = GameClock(
                time_source, game_limit=p.game_limit, game_warnings=p.game_limit_warnings,
                move_warning=ml.warning if ml else None, move_limit=ml.limit if ml else None,
                side_moves=p.side_clock.moves if p.side_clock else None,
                side_seconds=p.side_clock.seconds if p.side_clock else None)
        self.clock = clock
        self.touch = TouchMove(p)
        self.offences: dict[Color, int] = {BLACK: 0, WHITE: 0}
        self.stalling_warnings: dict[Color, int] = {BLACK: 0, WHITE: 0}
        self.penalties: dict[Color, int] = {BLACK: 0, WHITE: 0}
        self.record: list[RecordEntry] = []
        self.result: Optional[GameResult] = None
        self.pending_penalty: Optional[PenaltyDue] = None
        self.draw_offer: Optional[Color] = None
        self._draw_offer_reason = EndReason.AGREEMENT
        self._declined_by: dict[Color, bool] = {BLACK: False, WHITE: False}
        self.time_forfeit_claimable: Optional[Color] = None
        self.forty_move_attacker: Optional[Color] = None
        self.forty_move_count: int = 0
        self._forty_judging = False
        self._pending_events: list[Event] = []

    # --- saving and restoring (storage/snapshot.py) ---------------------------
    def to_dict(self) -> dict[str, Any]:
        """The referee's own state as plain JSON values (sides as ``"B"``/``"W"``): offences,
        stalling warnings, penalties, the draw offer and who declined one, a time forfeit that
        may be claimed, the 40-move count (WCDF 1.32), the penalty waiting for its checker, the
        play-out flag. The board, clock, record, result and touch-move state are saved by their
        owners (see ``storage.snapshot``). :meth:`load_dict` reads it back."""
        pen = self.pending_penalty

        def cval(c: Optional[Color]) -> Optional[str]:
            return None if c is None else c.value

        return {
            "offences": {c.value: n for c, n in self.offences.items()},
            "stalling_warnings": {c.value: n for c, n in self.stalling_warnings.items()},
            "penalties": {c.value: n for c, n in self.penalties.items()},
            "draw_offer": cval(self.draw_offer),
            "draw_offer_reason": self._draw_offer_reason.value,
            "declined_by": {c.value: b for c, b in self._declined_by.items()},
            "time_forfeit_claimable": cval(self.time_forfeit_claimable),
            "forty_move_attacker": cval(self.forty_move_attacker),
            "forty_move_count": self.forty_move_count,
            "forty_judging": self._forty_judging,
            "play_out": self.play_out,
            "pending_penalty": None if pen is None else {
                "at": pen.at, "chooser": pen.chooser.value, "victim": pen.victim.value,
                "squares": list(pen.squares), "cause": pen.cause.value},
        }

    def load_dict(self, state: dict[str, Any]) -> None:
        """Take :meth:`to_dict`'s state. Raises ``KeyError``/``ValueError``/``TypeError`` for a
        malformed ``state`` (checked before anything changes)."""
        def per(d: dict[str, Any]) -> dict[Color, Any]:
            return {Color(k): v for k, v in d.items()}

        def opt(v: Optional[str]) -> Optional[Color]:
            return None if v is None else Color(v)

        pen = state.get("pending_penalty")
        new = {
            "offences": per(state["offences"]),
            "stalling_warnings": per(state["stalling_warnings"]),
            "penalties": per(state["penalties"]),
            "draw_offer": opt(state.get("draw_offer")),
            "_draw_offer_reason": EndReason(state["draw_offer_reason"]),
            "_declined_by": per(state["declined_by"]),
            "time_forfeit_claimable": opt(state.get("time_forfeit_claimable")),
            "forty_move_attacker": opt(state.get("forty_move_attacker")),
            "forty_move_count": int(state["forty_move_count"]),
            "_forty_judging": bool(state["forty_judging"]),
            "play_out": bool(state["play_out"]),
            "pending_penalty": None if pen is None else PenaltyDue(
                float(pen["at"]), Color(pen["chooser"]), Color(pen["victim"]),
                tuple(int(q) for q in pen["squares"]), PenaltyCause(pen["cause"])),
        }
        for name, value in new.items():
            setattr(self, name, value)

    @classmethod
    def from_dict(cls, state: dict[str, Any], profile: Union[Profile, str], board: Optional[Board] = None,
                  *, time_source: TimeSource = time.monotonic, clock: Optional[GameClock] = None,
                  rng: Optional[random.Random] = None) -> "Referee":
        """A referee on ``board`` with :meth:`to_dict`'s ``state`` (errors as :meth:`load_dict`)."""
        referee = cls(profile, board, time_source=time_source, clock=clock, rng=rng,
                      play_out=bool(state["play_out"]))
        referee.load_dict(state)
        return referee

    # --- helpers ------------------------------------------------------------------------
    def name(self, color: Color) -> str:
        return self.profile.side_names[color]

    def _log(self, kind: str, color: Optional[Color], detail: str, move: Optional[Move] = None,
             square: Optional[Square] = None) -> None:
        self.record.append(RecordEntry(self.clock.elapsed(), self.board.ply, kind, color, detail,
                                       move, square))

    def _turn_limits(self) -> dict[str, Any]:
        """This move's per-move times from the profile (WCDF 4.1's single-way capture), unless the
        clock has no per-move timer (a tournament chess clock given by the caller)."""
        ml = self.profile.move_limit
        if ml is None or self.clock.default_move_limit is None:
            return {}
        warning, limit = ml.for_board(self.board)
        return {"move_warning": warning, "move_limit": limit}

    def start(self) -> None:
        """Start the clocks for the side to move (done by the first action if not called)."""
        if not self.clock.started:
            self.clock.start_turn(self.board.turn, **self._turn_limits())
            self._log("start", self.board.turn, f"{self.name(self.board.turn)} to move")

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def legal_moves(self) -> list[Move]:
        """The moves legal now under the profile (Caseville adds shortened jump series)."""
        return profile_legal_moves(self.board, self.profile)

    def _end(self, winner: Optional[Color], reason: EndReason, detail: str,
             at: Optional[float] = None, **extra: Any) -> GameResult:
        at = self.clock.elapsed() if at is None else at
        self.result = GameResult(winner, reason, detail, at, **extra)
        self.clock.stop()
        self.touch.reset()
        self.pending_penalty = None
        self.draw_offer = None
        self._log("end", winner, f"{reason.value}: {detail} ({self.result.pdn_result()})")
        return self.result

    def _refuse(self, code: RulingCode, message: str, color: Optional[Color] = None,
                **kw: Any) -> Ruling:
        return Ruling(Verdict.REFUSED, code, message, color, **kw)

    def _blocked(self, color: Optional[Color] = None) -> Optional[Ruling]:
        if self.result is not None:
            return self._refuse(RulingCode.GAME_OVER, "The game is over.", color)
        if self.clock.paused:
            return self._refuse(RulingCode.PAUSED, "The game is paused by the official.", color)
        if self.pending_penalty is not None:
            pen = self.pending_penalty
            return self._refuse(RulingCode.PENALTY_PENDING, f"{self.name(pen.chooser)} must first choose a "
                                f"{self.name(pen.victim)} checker to remove.", color)
        return None

    def _offence(self, color: Color, code: RulingCode, message: str, rule: RefusalRule,
                 forfeit_after: Optional[int], cite: str, **kw: Any) -> Ruling:
        """Count an offence and rule on it: warn, or forfeit at the ``forfeit_after``-th."""
        self.offences[color] += 1
        n = self.offences[color]
        self._log("offence", color, f"{code.value} #{n} ({cite})")
        if forfeit_after is not None and n >= forfeit_after:
            why = f"{message} ({cite})"
            result = self._end(color.other, EndReason.FORFEIT,
                               f"{self.name(color)} forfeits: {why}", forfeit_reason=why)
            return Ruling(Verdict.FORFEIT, code, f"{message} {self.name(color)} forfeits the game.",
                          color, offences=n, result=result, **kw)
        word = "reminded" if rule is RefusalRule.REMIND_THEN_FORFEIT else "warned"
        return Ruling(Verdict.WARNING, code, f"{message} {self.name(color)} is {word}: the next "
                      f"time forfeits the game.", color, offences=n, **kw)

    # --- touching -----------------------------------------------------------------------
    def _out_of_turn(self, player: Optional[Color]) -> Optional[Ruling]:
        if player is not None and player is not self.board.turn:
            return self._refuse(RulingCode.NOT_YOUR_TURN, f"It is {self.name(self.board.turn)}'s turn.",
                                player)
        return None

    def pick_up(self, square: Square, player: Optional[Color] = None) -> Ruling:
        """The side to move picks up the piece on ``square`` (1-32): see :mod:`.touch`.

        Under WCDF, picking up a piece that cannot be played or an opponent's piece is an
        "impossible" move: warned, and the next forfeits (WCDF 3.3). Raises ``InvalidSquareError``
        for a number outside 1-32. ``player``, when given, is who acts: refused out of turn.
        """
        color = self.board.turn
        blocked = self._blocked(color) or self._out_of_turn(player)
        if blocked:
            return blocked
        self.start()
        res = self.touch.pick_up(self.board, square)
        self._log("pick_up", color, f"{square}: {res.code}", square=square)
        if res.ok:
            return Ruling(Verdict.ACCEPTED, RulingCode.PICKED_UP, f"{self.name(color)} picks up {square}.",
                          color, touch=res, offences=self.offences[color])
        messages = {
            TouchStatus.EMPTY_SQUARE: f"{square} is empty.",
            TouchStatus.NOT_YOUR_PIECE: f"The piece on {square} is not {self.name(color)}'s.",
            TouchStatus.NO_LEGAL_MOVE: f"The piece on {square} cannot move now.",
            TouchStatus.MUST_MOVE_HELD: f"The piece on {res.held} was picked up and must be moved.",
        }
        msg = messages.get(res.status, res.code)
        p = self.profile
        if p.impossible_moves_counted and res.status in (TouchStatus.NOT_YOUR_PIECE,
                                                          TouchStatus.NO_LEGAL_MOVE):
            return self._offence(color, RulingCode.IMPOSSIBLE_TOUCH, f"Impossible move: {msg}", p.refusal,
                                 p.refusal_forfeit_after, "WCDF 3.3", touch=res)
        return self._refuse(RulingCode(res.code), msg, color, touch=res,
                            offences=self.offences[color])

    def put_back(self) -> Ruling:
        """Put the held piece back (only under liberal touch-move, VA 4:00 s1-VI)."""
        color = self.board.turn
        if self.result is not None:
            return self._refuse(RulingCode.GAME_OVER, "The game is over.", color)
        res = self.touch.put_back()
        self._log("put_back", color, res.code)
        if res.ok:
            return Ruling(Verdict.ACCEPTED, RulingCode.PUT_BACK, f"{self.name(color)} puts {res.square} back.",
                          color, touch=res)
        if res.status is TouchStatus.PUT_BACK_REFUSED:
            return self._refuse(RulingCode.PUT_BACK_REFUSED, f"The piece on {res.held} was picked "
                                "up and must be moved (touch and move).", color, touch=res)
        return self._refuse(RulingCode.NOTHING_HELD, "No piece is picked up.", color, touch=res)

    # --- moves --------------------------------------------------------------------------
    def _parse(self, text: str) -> Move:
        """Read ``text`` as a move legal under the profile (raises the board's errors)."""
        try:
            return self.board.parse_move(text)
        except IllegalMoveError:
            if not self.profile.jump_continuation_optional:
                raise
            squares, _ = parse_squares(text)
            found = [m for m in self.legal_moves() if path_matches(squares, m.path)]
            exact = [m for m in found if m.path == squares]
            if len(exact) == 1:
                return exact[0]
            if len(found) == 1:
                return found[0]
            if found:
                raise AmbiguousMoveError(f"{text!r} fits {len(found)} moves: "
                                         + ", ".join(m.pdn() for m in found), tuple(found)) from None
            raise

    def _is_incomplete_jump(self, move: Move) -> bool:
        return move.is_capture and any(
            m.path[:len(move.path)] == move.path and len(m.path) > len(move.path)
            for m in self.board.legal_moves)

    def _is_plain_step(self, move: Move) -> bool:
        """True when ``move`` is a step the side to move could make if jumps were not compulsory."""
        if move.is_capture or len(move.path) != 2:
            return False
        my, opp, black = (self.board.black_bb, self.board.white_bb, True) if self.board.turn is BLACK \
            else (self.board.white_bb, self.board.black_bb, False)
        frm, to = bb.MASK_OF_SQUARE[move.path[0]], bb.MASK_OF_SQUARE[move.path[1]]
        return any(r[0] == frm and r[1] == to for r in bb.step_moves(my, opp, self.board.kings_bb, black))

    def submit_move(self, move: Union[Move, str], player: Optional[Color] = None) -> Ruling:
        """The side to move makes ``move`` (a :class:`Move` or text such as "11-15", "22x15").

        Applies touch-move (a held piece under strict touch-move) and the profile's rule on a
        refused required jump: VA retracts without penalty (3:00 s6A, s6B), WCDF warns and forfeits
        at the second impossible move (3.3, 3.4), Caseville reminds and forfeits the second time,
        Washburn refuses (6). Text that is not a move, and moves that could not be made on a real
        board, are refused without any count. ``player``, when given, is who acts: a move out of
        turn is refused (on a screen it cannot be made on the board). Never raises for bad input.
        """
        color = self.board.turn
        blocked = self._blocked(color) or self._out_of_turn(player)
        if blocked:
            return blocked
        self.start()
        p = self.profile
        if isinstance(move, str):
            text = move
            try:
                move = self._parse(text)
            except AmbiguousMoveError as exc:
                return self._refuse(RulingCode.AMBIGUOUS, f"{text!r} could be "
                                    + " or ".join(m.pdn() for m in exc.candidates) + ".",
                                    color, required=tuple(exc.candidates))
            except IllegalMoveError as exc:
                squares, _ = parse_squares(text)
                written = _move_from_squares(squares)
                if written is None:
                    return self._refuse(RulingCode.ILLEGAL_MOVE, f"{'-'.join(map(str, squares))} is not a "
                                        "legal move.", color, required=tuple(exc.required_captures))
                move = written
            except (RulesError, ValueError) as exc:
                return self._refuse(RulingCode.NOT_A_MOVE, str(exc), color)
        if not isinstance(move, Move):
            return self._refuse(RulingCode.NOT_A_MOVE, f"{move!r} is not a move.", color)
        legal = self.legal_moves()
        if move in legal:
            touch = self.touch.check_move(move)
            if touch.ok:
                return self._play(color, move)
            msg = f"The piece on {touch.held} was picked up and must be moved (touch and move)."
            if p.touch_violation is TouchViolation.FORFEIT:
                self.offences[color] += 1
                result = self._end(color.other, EndReason.FORFEIT,
                                   f"{self.name(color)} moved another checker than the one touched "
                                   "(Caseville touch rule)")
                return Ruling(Verdict.FORFEIT, RulingCode.TOUCH_VIOLATION, f"{msg} {self.name(color)} "
                              "forfeits the game.", color, move=move, result=result, touch=touch,
                              offences=self.offences[color])
            if p.touch_violation is TouchViolation.IMPOSSIBLE_MOVE:
                return self._offence(color, RulingCode.TOUCH_VIOLATION, f"Impossible move: {msg}", p.refusal,
                                     p.refusal_forfeit_after, "WCDF 3.2, 3.3", move=move, touch=touch)
            return self._refuse(RulingCode.TOUCH_VIOLATION, msg + " (VA rulebook 4:00 s1)", color, move=move,
                                touch=touch)
        required = tuple(m for m in legal if m.is_capture)
        if required and (self._is_plain_step(move) or self._is_incomplete_jump(move)):
            incomplete = self._is_incomplete_jump(move)
            code = RulingCode.JUMP_INCOMPLETE if incomplete else RulingCode.JUMP_REQUIRED
            what = ("The jump series must be completed" if incomplete else "A jump is required")
            msg = f"{what}: " + ", ".join(m.pdn() for m in required) + "."
            rule = p.refusal
            if rule is RefusalRule.RETRACT:
                self.offences[color] += 1
                self._log("retracted", color, f"{move.pdn()}: {code.value} (VA rulebook 3:00 s6A)",
                          move)
                return self._refuse(code, msg + " The move is taken back; no penalty.", color,
                                    move=move, required=required, offences=self.offences[color])
            if rule in (RefusalRule.WARN_THEN_FORFEIT, RefusalRule.REMIND_THEN_FORFEIT):
                cite = "WCDF 3.3, 3.4" if rule is RefusalRule.WARN_THEN_FORFEIT else "Caseville rules"
                return self._offence(color, code, msg, rule, p.refusal_forfeit_after, cite,
                                     move=move, required=required)
            return self._refuse(code, msg, color, move=move, required=required)
        return self._refuse(RulingCode.ILLEGAL_MOVE, f"{move.pdn()} is not a legal move.", color, move=move,
                            required=required)

    def _play(self, color: Color, move: Move) -> Ruling:
        board = self.board
        piece = board.piece_at(move.from_square)
        man_moved = piece is None or not piece.is_king  # a legal move starts on a piece
        push_profile_move(board, self.profile, move)
        self.touch.reset()
        self.time_forfeit_claimable = None
        if self.draw_offer is color.other:
            self._log("draw_declined", color, "moved instead of accepting the draw offer")
            self._declined_by[color] = True
            self.draw_offer = None
        self._log("move", color, move.pdn(), move)
        self._count_forty(color, move, man_moved)
        outcome = board.outcome()
        if outcome is not None:
            result = self._end(outcome.winner, EndReason.NO_MOVES,
                               f"{self.name(board.turn)} cannot move")
            return Ruling(Verdict.ACCEPTED, RulingCode.MOVE_PLAYED, f"{self.name(color)} plays {move.pdn()}.",
                          color, move=move, result=result, offences=self.offences[color])
        self.clock.start_turn(board.turn, **self._turn_limits())
        return Ruling(Verdict.ACCEPTED, RulingCode.MOVE_PLAYED, f"{self.name(color)} plays {move.pdn()}.",
                      color, move=move, offences=self.offences[color])

    def undo(self) -> Ruling:
        """Take back the last move (practice only: ``profile.allows_undo``)."""
        if not self.profile.allows_undo:
            return self._refuse(RulingCode.UNDO_NOT_ALLOWED, f"{self.profile.title} rules do not allow "
                                "taking a move back.")
        if not self.board.move_stack:
            return self._refuse(RulingCode.NOTHING_TO_UNDO, "No move to take back.")
        move = self.board.pop()
        if self.result is not None:
            self.result = None
            self.clock.reopen()
        self.touch.reset()
        self.pending_penalty = None
        self._log("undo", self.board.turn, move.pdn(), move)
        if self.clock.started:
            self.clock.start_turn(self.board.turn, **self._turn_limits())
        return Ruling(Verdict.ACCEPTED, RulingCode.UNDONE, f"{move.pdn()} taken back.", self.board.turn,
                      move=move)

    # --- time ---------------------------------------------------------------------------
    def poll(self) -> list[Event]:
        """Events whose time has come: clock warnings and expiries, a penalty now due, the game's
        end at the time limit, a 40-move count awaiting judgement. Call it regularly (for example
        from a Qt timer)."""
        out: list[Event] = self._pending_events
        self._pending_events = []
        if self.result is not None:
            return out
        for ev in self.clock.poll():
            out.append(ev)
            self._log(ev.code, getattr(ev, "color", None), _describe(ev))
            if isinstance(ev, MoveTimeExpired):
                out.extend(self._move_time_expired(ev))
            elif isinstance(ev, SideTimeExpired):
                self.time_forfeit_claimable = ev.color
            elif isinstance(ev, GameTimeExpired):
                ended = self._game_time_expired(ev.at)
                if ended is not None:
                    out.append(ended)
                    break
        return out

    def _move_time_expired(self, ev: MoveTimeExpired) -> list[Event]:
        ml = self.profile.move_limit
        if ml is None:
            return []
        if ml.penalty is MoveLimitPenalty.OPPONENT_REMOVES_CHECKER:
            return [self._penalty_due(ev.color, PenaltyCause.MOVE_TIME)]
        self.time_forfeit_claimable = ev.color  # WCDF 4.2
        return []

    def _penalty_due(self, victim: Color, cause: PenaltyCause) -> PenaltyDue:
        squares = tuple(self.board.squares(victim))
        self.pending_penalty = PenaltyDue(self.clock.elapsed(), victim.other, victim, squares, cause)
        self._log("penalty_due", victim, cause.value)
        return self.pending_penalty

    def _game_time_expired(self, at: Optional[float] = None,
                           cause: AdjudicationCause = AdjudicationCause.TIME_LIMIT
                           ) -> Optional[GameEnded]:
        mat = material_totals(self.board)
        if mat[BLACK] != mat[WHITE]:
            winner = BLACK if mat[BLACK] > mat[WHITE] else WHITE
            result = self._end(winner, EndReason.ADJUDICATION, _material_detail(self, mat, cause),
                               at=at, material=mat, cause=cause)
            return GameEnded(result.at, result)
        if self.play_out:
            self.clock.remove_game_limit()
            self._log("play_out", None, "equal material at the time limit: the game is played out "
                      "(VA rulebook 4:00 s4)")
            return None
        if self.profile.tie_rule is TieRule.RANDOM:
            winner = self.rng.choice((BLACK, WHITE))
            result = self._end(winner, EndReason.ADJUDICATION, _material_detail(self, mat, cause)
                               + f"; a random draw picks {self.name(winner)} (Caseville rules)",
                               at=at, material=mat, by_lot=True, cause=cause)
        else:
            result = self._end(None, EndReason.ADJUDICATION, _material_detail(self, mat, cause)
                               + ": a drawn game (VA rulebook 3:00 s5)", at=at, material=mat,
                               cause=cause)
        return GameEnded(result.at, result)

    def remove_checker(self, chooser: Color, square: Square) -> Ruling:
        """The chooser picks the checker on ``square`` to be removed as a penalty (VA 3:00 s4,
        3:00 s4-VI). Uses ``Board.set_piece_at``. The mover's move timer starts again."""
        pen = self.pending_penalty
        if pen is None:
            return self._refuse(RulingCode.NO_PENALTY, "No checker is to be removed now.", chooser)
        if chooser is not pen.chooser:
            return self._refuse(RulingCode.NOT_CHOOSER, f"{self.name(pen.chooser)} chooses the checker.",
                                chooser)
        if square not in pen.squares or self.board.piece_at(square) is None:
            return self._refuse(RulingCode.NOT_A_VICTIM_CHECKER, f"Choose a {self.name(pen.victim)} checker: "
                                + ", ".join(map(str, pen.squares)) + ".", chooser)
        self.board.set_piece_at(square, None)
        self.pending_penalty = None
        self.penalties[pen.victim] += 1
        self.touch.reset()
        self._log("checker_removed", pen.victim, f"{square} removed, chosen by "
                  f"{self.name(chooser)} ({pen.cause.value})", square=square)
        result = None
        outcome = self.board.outcome()
        if outcome is not None:
            result = self._end(outcome.winner, EndReason.NO_MOVES,
                               f"{self.name(self.board.turn)} cannot move")
        elif not self.board.squares(pen.victim):
            result = self._end(chooser, EndReason.NO_MOVES, f"{self.name(pen.victim)} has no checkers")
        else:
            self.clock.start_turn(self.board.turn, **self._turn_limits())
        return Ruling(Verdict.ACCEPTED, RulingCode.CHECKER_REMOVED, f"The {self.name(pen.victim)} "
                      f"checker on {square} is removed.", pen.victim, result=result,
                      square=square)

    def claim_time_forfeit(self, claimant: Color) -> Ruling:
        """Claim a forfeit because the opponent exceeded the time for a move (WCDF 4.2) or ran out
        of time on a chess clock."""
        if self.result is not None:
            return self._refuse(RulingCode.GAME_OVER, "The game is over.", claimant)
        if self.time_forfeit_claimable is not claimant.other:
            return self._refuse(RulingCode.NO_TIME_FORFEIT, "The opponent has not exceeded the time.",
                                claimant)
        result = self._end(claimant, EndReason.FORFEIT, f"{self.name(claimant.other)} exceeded the "
                           "time limit (WCDF 4.2)")
        return Ruling(Verdict.FORFEIT, RulingCode.TIME_FORFEIT, f"{self.name(claimant.other)} forfeits on "
                      "time.", claimant.other, result=result)

    # --- the official -------------------------------------------------------------------
    def pause(self) -> Ruling:
        """The official stops the clocks."""
        self.clock.pause()
        self._log("pause", None, "the official pauses the game")
        return Ruling(Verdict.ACCEPTED, RulingCode.PAUSED, "The game is paused.")

    def resume(self) -> Ruling:
        self.clock.resume()
        self._log("resume", None, "the official resumes the game")
        return Ruling(Verdict.ACCEPTED, RulingCode.RESUMED, "The game goes on.")

    def stalling_warning(self, color: Color) -> Ruling:
        """The official warns ``color`` for stalling (VA 3:00 s4-VI, the visually impaired games
        where the 30-second limit is suspended)."""
        if not self.profile.stalling_rule:
            return self._refuse(RulingCode.NOT_IN_PROFILE, f"{self.profile.title} rules have no stalling "
                                "warning.", color)
        if self.result is not None:
            return self._refuse(RulingCode.GAME_OVER, "The game is over.", color)
        self.stalling_warnings[color] += 1
        self._log("stalling_warning", color, f"warning #{self.stalling_warnings[color]} "
                  "(VA rulebook 3:00 s4-VI)")
        return Ruling(Verdict.WARNING, RulingCode.STALLING_WARNING, f"{self.name(color)} is warned for "
                      "stalling: if it goes on, a checker will be removed.", color)

    def stalling_penalty(self, color: Color) -> Ruling:
        """Stalling went on after a warning: the opponent chooses one of ``color``'s checkers to be
        removed (VA 3:00 s4-VI, removal as in 3:00 s4). Refused before a warning."""
        if not self.profile.stalling_rule:
            return self._refuse(RulingCode.NOT_IN_PROFILE, f"{self.profile.title} rules have no stalling "
                                "penalty.", color)
        blocked = self._blocked(color)
        if blocked:
            return blocked
        if self.stalling_warnings[color] == 0:
            return self._refuse(RulingCode.WARNING_FIRST, f"{self.name(color)} must be warned for stalling "
                                "first.", color)
        due = self._penalty_due(color, PenaltyCause.STALLING)
        return Ruling(Verdict.WARNING, RulingCode.PENALTY_DUE, f"{self.name(due.chooser)} chooses a "
                      f"{self.name(color)} checker to remove.", color)

    def adjudication_preview(self) -> tuple[dict[Color, int], Optional[Color], Optional[str]]:
        """What adjudicating now would give, without ending anything: the count (man 1, king 2,
        by colour), the winner (None: equal) and why it cannot be done now (a jump pending:
        "jump"; equal after a drawn game: "play out"; else None)."""
        mat = material_totals(self.board)
        winner = None if mat[BLACK] == mat[WHITE] else (BLACK if mat[BLACK] > mat[WHITE]
                                                         else WHITE)
        if self.board.is_capture_required():
            return mat, winner, "jump"
        if winner is None and self.play_out:
            return mat, winner, "play out"
        return mat, winner, None

    def adjudicate(self, cause: AdjudicationCause = AdjudicationCause.OFFICIAL) -> Ruling:
        """The official ends the game now by the count, as at the time limit (VA 3:00 s5,
        Caseville), for ``cause`` (recorded with the result). The count is of the pieces on the
        board after every capture due: while a jump is pending for the side to move the
        adjudication is refused (the jump is made first: VA 3:00 s6, capture is compulsory)."""
        if self.result is not None:
            return self._refuse(RulingCode.GAME_OVER, "The game is over.")
        if self.board.is_capture_required():
            return self._refuse(RulingCode.JUMP_REQUIRED, f"{self.name(self.board.turn)} has a "
                                "jump to make: it is made first, then the count (VA rulebook "
                                "3:00 s5, s6).")
        ended = self._game_time_expired(cause=cause)
        if ended is None:
            return self._refuse(RulingCode.PLAY_OUT, "Material is equal: this game is played out "
                                "(VA rulebook 4:00 s4).")
        return Ruling(Verdict.ACCEPTED, RulingCode.ADJUDICATED, ended.result.detail, ended.result.winner,
                      result=ended.result)

    def declare_forfeit(self, color: Color, reason: str) -> Ruling:
        """The official declares that ``color`` forfeits (WCDF 5.3)."""
        if self.result is not None:
            return self._refuse(RulingCode.GAME_OVER, "The game is over.", color)
        result = self._end(color.other, EndReason.FORFEIT, f"{self.name(color)} forfeits: {reason}",
                           forfeit_reason=reason)
        return Ruling(Verdict.FORFEIT, RulingCode.FORFEIT, result.detail, color, result=result)

    def declare_draw(self) -> Ruling:
        """The official declares the game drawn because neither side can force a win (VA 4:00 s4)."""
        if not self.profile.draws.official_declares:
            return self._refuse(RulingCode.NOT_IN_PROFILE, f"{self.profile.title} rules have no declared "
                                "draw.")
        if self.result is not None:
            return self._refuse(RulingCode.GAME_OVER, "The game is over.")
        result = self._end(None, EndReason.OFFICIAL_DRAW, "neither side can force a win "
                           "(VA rulebook 4:00 s4)")
        return Ruling(Verdict.ACCEPTED, RulingCode.DRAWN, "The game is drawn; a new game follows.",
                      result=result)

    def correct_result(self, winner: Optional[Color], detail: str) -> Ruling:
        """The official sets the result (after a dispute, or a mistake on the board)."""
        result = self._end(winner, EndReason.CORRECTED, detail)
        return Ruling(Verdict.ACCEPTED, RulingCode.CORRECTED, f"Result corrected: {result.pdn_result()}.",
                      winner, result=result)

    def resign(self, color: Color) -> Ruling:
        """``color`` resigns (WCDF 5.1; Caseville "A player may resign a game at any time")."""
        if self.result is not None:
            return self._refuse(RulingCode.GAME_OVER, "The game is over.", color)
        result = self._end(color.other, EndReason.RESIGNATION, f"{self.name(color)} resigns")
        return Ruling(Verdict.ACCEPTED, RulingCode.RESIGNED, f"{self.name(color)} resigns.", color,
                      result=result)

    # --- draws --------------------------------------------------------------------------
    def offer_draw(self, color: Color) -> Ruling:
        """``color`` proposes a draw (WCDF 6.1). It stands until accepted, declined, or the opponent
        moves instead."""
        if self.result is not None:
            return self._refuse(RulingCode.GAME_OVER, "The game is over.", color)
        if not self.profile.draws.agreement:
            return self._refuse(RulingCode.NOT_IN_PROFILE, "Draws by agreement are not allowed.", color)
        self.draw_offer = color
        self._draw_offer_reason = EndReason.AGREEMENT
        self._log("draw_offer", color, "offers a draw")
        return Ruling(Verdict.ACCEPTED, RulingCode.DRAW_OFFERED, f"{self.name(color)} offers a draw.", color)

    def accept_draw(self, color: Color) -> Ruling:
        if self.result is not None:
            return self._refuse(RulingCode.GAME_OVER, "The game is over.", color)
        if self.draw_offer is not color.other:
            return self._refuse(RulingCode.NO_DRAW_OFFER, f"{self.name(color.other)} has not offered a draw.",
                                color)
        reason = self._draw_offer_reason
        detail = ("the players agree" if reason is EndReason.AGREEMENT
                  else "the position repeated and the draw was conceded (WCDF 6.4)")
        result = self._end(None, reason, detail)
        return Ruling(Verdict.ACCEPTED, RulingCode.DRAWN, "The game is drawn.", color, result=result)

    def decline_draw(self, color: Color) -> Ruling:
        if self.draw_offer is not color.other:
            return self._refuse(RulingCode.NO_DRAW_OFFER, f"{self.name(color.other)} has not offered a draw.",
                                color)
        self.draw_offer = None
        self._declined_by[color] = True
        self._log("draw_declined", color, "declines the draw")
        return Ruling(Verdict.ACCEPTED, RulingCode.DRAW_DECLINED, f"{self.name(color)} declines the draw.",
                      color)

    def point_out_repetition(self, color: Color) -> Ruling:
        """``color`` points out that the position has stood on the board two or more times and
        suggests a draw: the opponent accepts (a draw) or plays on with a new attack (WCDF 6.4)."""
        if self.result is not None:
            return self._refuse(RulingCode.GAME_OVER, "The game is over.", color)
        if not self.profile.draws.repetition:
            return self._refuse(RulingCode.NOT_IN_PROFILE, f"{self.profile.title} rules have no repetition "
                                "draw.", color)
        n = self.board.repetitions()
        if n < 2:
            return self._refuse(RulingCode.NO_REPETITION, "This position has not occurred before.", color)
        self.draw_offer = color
        self._draw_offer_reason = EndReason.REPETITION_DRAW
        self._log("repetition", color, f"position seen {n} times; suggests a draw (WCDF 6.4)")
        return Ruling(Verdict.ACCEPTED, RulingCode.REPETITION_POINTED_OUT, f"{self.name(color)} points out "
                      f"the position has occurred {n} times and suggests a draw.", color)

    def request_forty_move_count(self, color: Color) -> Ruling:
        """``color``, whose draw proposal was not agreed, requests the 40-move count (WCDF 6.2).
        The count starts with the attacker's (the opponent's) first move after the request and
        counts only the attacker's moves."""
        if self.result is not None:
            return self._refuse(RulingCode.GAME_OVER, "The game is over.", color)
        if not self.profile.draws.forty_move_count:
            return self._refuse(RulingCode.NOT_IN_PROFILE, f"{self.profile.title} rules have no 40-move "
                                "count.", color)
        if not self._declined_by[color.other]:
            return self._refuse(RulingCode.OFFER_DRAW_FIRST, f"{self.name(color)} must first propose a draw "
                                f"that {self.name(color.other)} does not agree to (WCDF 6.2).", color)
        if self.forty_move_attacker is not None:
            return self._refuse(RulingCode.COUNT_RUNNING, "A 40-move count is already running.", color)
        self.forty_move_attacker = color.other
        self.forty_move_count = 0
        self._declined_by[color.other] = False
        self._log("forty_move_count", color, f"requests the 40-move count; {self.name(color.other)} "
                  "attacks (WCDF 6.2)")
        return Ruling(Verdict.ACCEPTED, RulingCode.FORTY_MOVE_COUNT_STARTED, f"40-move count: "
                      f"{self.name(color.other)} has 40 moves to show a strengthened position.", color)

    def concede_strengthening(self, color: Color) -> Ruling:
        """The player claiming the draw concedes the attacker has strengthened the position: the
        count restarts (WCDF 6.2a)."""
        if self.forty_move_attacker is None or color is not self.forty_move_attacker.other:
            return self._refuse(RulingCode.NO_COUNT, "No 40-move count of yours is running.", color)
        self.forty_move_count = 0
        self._log("forty_move_restart", color, "concedes a strengthening (WCDF 6.2a)")
        return Ruling(Verdict.ACCEPTED, RulingCode.FORTY_MOVE_RESTARTED, "The 40-move count starts again.",
                      color)

    def _count_forty(self, color: Color, move: Move, man_moved: bool) -> None:
        attacker = self.forty_move_attacker
        if attacker is None or self._forty_judging:
            return
        if move.is_capture or man_moved:
            # WCDF 6.2b (an uncrowned piece of either side advances), 6.2c (a capture).
            self.forty_move_count = 0
            self._log("forty_move_restart", color, "capture or man's move restarts the count "
                      "(WCDF 6.2b, 6.2c)")
            return
        if color is attacker:
            self.forty_move_count += 1
            if self.forty_move_count >= _MOVE_COUNT:
                self._forty_judging = True
                self._pending_events.append(FortyMovesCompleted(self.clock.elapsed(), attacker))
                self._log("forty_moves_completed", attacker, "a third person judges whether the "
                          "position was strengthened (WCDF 6.2)")

    @property
    def forty_move_judgement_due(self) -> bool:
        """True when 40 counted moves are made and :meth:`forty_move_ruling` is awaited."""
        return self._forty_judging

    def forty_move_ruling(self, strengthened: bool) -> Ruling:
        """The impartial third person's judgement after 40 counted moves (WCDF 6.2, 6.3): not
        strengthened, the game is drawn; strengthened, play goes on (the attacker must still win,
        and another count may be requested later)."""
        if not self._forty_judging or self.forty_move_attacker is None:
            return self._refuse(RulingCode.NO_COUNT, "No 40-move count is awaiting a judgement.")
        attacker = self.forty_move_attacker
        self._forty_judging = False
        self.forty_move_attacker = None
        self.forty_move_count = 0
        if not strengthened:
            result = self._end(None, EndReason.FORTY_MOVE_DRAW, f"{self.name(attacker)} did not "
                               "strengthen the position in 40 moves (WCDF 6.2)")
            return Ruling(Verdict.ACCEPTED, RulingCode.DRAWN, "The game is drawn by the 40-move count.",
                          result=result)
        self._log("forty_move_strengthened", attacker, "position strengthened; play goes on "
                  "(WCDF 6.3)")
        return Ruling(Verdict.ACCEPTED, RulingCode.STRENGTHENED, f"{self.name(attacker)} has strengthened "
                      "the position; play goes on.", attacker)


def _move_from_squares(squares: tuple[int, ...]) -> Optional[Move]:
    """The move a written path describes on an empty board: one step, or jumps only (the jumped
    square between each pair). None when the squares are not a step or a chain of jumps."""
    bits = [bb.MASK_OF_SQUARE[s].bit_length() - 1 for s in squares]
    diffs = [abs(b - a) for a, b in zip(bits, bits[1:])]
    if len(squares) == 2 and diffs[0] in (4, 5):
        return Move(tuple(squares))
    if all(d in (8, 10) for d in diffs):
        caps = []
        for a, b in zip(bits, bits[1:]):
            mid = bb.SQUARE_OF_BIT.get((a + b) // 2)
            if not mid:
                return None
            caps.append(mid)
        return Move(tuple(squares), tuple(caps))
    return None


def _material_detail(ref: Referee, mat: dict[Color, int],
                     cause: AdjudicationCause = AdjudicationCause.TIME_LIMIT) -> str:
    return (f"{cause.value}: {ref.name(BLACK)} {mat[BLACK]}, {ref.name(WHITE)} {mat[WHITE]} "
            "(man 1, king 2)")


def _describe(ev: ClockEvent) -> str:
    if isinstance(ev, GameTimeExpired):
        return f"game time limit of {ev.limit:g} s reached"
    if isinstance(ev, MoveTimeExpired):
        return f"move time of {ev.seconds:g} s expired"
    seconds = getattr(ev, "seconds", None)
    if seconds is not None:
        return f"move warning at {seconds:g} s"
    left = getattr(ev, "seconds_left", None)
    if left is not None:
        return f"{left:g} s of game time left"
    return ev.code
