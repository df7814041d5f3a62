"""Every sentence the tournament shows or speaks, as pure functions of data.

Spoken text uses what people at the tables say: "Match 5, Ann Lee and Bo Diaz, to table 3";
"Table 3: Ann Lee beat Bo Diaz, 2 games to 1". Used by the tournament package (``tournament/``,
no Qt) and by the window's Tournament menu and bracket (``ui/tournament/``).
"""

from __future__ import annotations

from typing import Optional, Sequence

from .words import saved_where

__all__ = [
    "call_sentence", "score_words", "result_sentence", "name_with_center", "match_line",
    "standings_lines", "server_gone_sentence", "server_back_sentence", "queued_sentence",
    "refused_sentence", "withdrawal_sentence", "correction_sentence", "join_sentences",
    "opened_text", "open_failed_text", "closed_text", "no_tournament_text", "not_organiser_text",
    "new_tournament_name_question", "division_heading", "division_shown_text", "no_division_text",
    "round_heading", "standings_heading", "next_matches_text", "standings_text", "path_text",
    "nothing_selected_text", "no_competitor_here_text", "zoom_text", "drawn_text",
    "draw_question", "draw_seed_question", "bad_seed_text", "imported_text", "registered_text",
    "edited_text", "withdraw_question", "why_question", "competitor_line", "divisions_made_text",
    "result_entered_text", "call_question_text", "no_free_table_text",
    "nothing_to_call_text", "tables_text", "tables_question", "csv_saved_text", "pdf_saved_text",
    "play_here_text", "confirm_result_question", "result_sent_text", "result_already_sent_text",
    "result_held_text", "no_result_to_send_text", "no_winner_text", "sent_later_text",
    "no_called_match_text", "called_here_text", "organiser_server_gone_sentence",
    "organiser_server_back_sentence", "server_test_ok_text", "server_saved_text",
    "server_cleared_text", "server_needed_text", "server_url_help", "not_drawn_text",
    "matches_heading", "server_testing_text", "server_not_postgres_text", "already_playing_text",
    "play_here_not_started_text", "play_here_abandoned_text", "match_not_over_text",
    "nothing_chosen_text", "bye_line_text", "competitors_heading", "why_needed_text",
    "why_again_text", "nothing_to_draw_text", "draw_all_question", "call_offers_question",
    "called_heading", "already_decided_text",
    "not_ready_text", "walkover_question", "walkover_default_reason", "nothing_to_correct_text",
    "correction_outcome_text", "calls_made_text",
    "correction_form_text", "correction_walkover_choice", "CORRECTION_PLAYED_CHOICE",
    "correction_not_ready_text", "standings_unverified_line", "seal_text",
    "export_unverified_note", "match_numbers_words", "match_unverified_note", "rolled_back_text",
    "draw_changed_text", "redraw_refused_text", "nothing_in_division_text",
]


def call_sentence(match_number: int, a_name: str, b_name: str, table: int) -> str:
    """"Match 5, Ann Lee and Bo Diaz, to table 3"."""
    return f"Match {match_number}, {a_name} and {b_name}, to table {table}"


def score_words(winner_wins: int, loser_wins: int, draws: int = 0) -> str:
    """"2 games to 1", "2 games to 0, 1 drawn"."""
    text = f"{winner_wins} games to {loser_wins}" if winner_wins != 1 else \
        f"{winner_wins} game to {loser_wins}"
    if draws:
        text += f", {draws} drawn"
    return text


def _how(kind: str, winner_wins: int, loser_wins: int, draws: int) -> str:
    if kind == "walkover":
        return "by walkover"
    if kind == "withdrawal":
        return "by withdrawal"
    if kind == "bye":
        return "with a bye"
    return score_words(winner_wins, loser_wins, draws)


def result_sentence(table: Optional[int], winner: str, loser: str, winner_wins: int,
                    loser_wins: int, draws: int = 0, kind: str = "played") -> str:
    """"Table 3: Ann Lee beat Bo Diaz, 2 games to 1" (no "Table" part when ``table`` is None)."""
    how = _how(kind, winner_wins, loser_wins, draws)
    text = f"{winner} beat {loser}, {how}" if kind != "bye" else f"{winner} goes through with a bye"
    return f"Table {table}: {text}" if table is not None else text


def name_with_center(name: str, center: str) -> str:
    """"Ann Lee, Tampa VAMC" (the name alone when the center is empty)."""
    return f"{name}, {center}" if center else name


def feeder_text(number: Optional[int], losers: bool = False) -> str:
    """A side not known yet: "the winner of match 21", "the loser of match 25" (the third place),
    or "the winner of an earlier match" when that match has no number."""
    who = "the loser" if losers else "the winner"
    return f"{who} of match {number}" if number is not None else f"{who} of an earlier match"


def match_line(round_name: str, a: Optional[str], b: Optional[str], *, winner: Optional[str] = None,
               kind: Optional[str] = None, winner_wins: int = 0, loser_wins: int = 0,
               draws: int = 0, number: Optional[int] = None, status: str = "") -> str:
    """One match for a screen reader's list, ``a``/``b`` being "Name, Center" (None: not known yet):
    "Quarter-final 2: Ann Lee, Tampa VAMC, beat Bo Diaz, Reno VAMC, 2 games to 1";
    "Semi-final 1, match 9: Ann Lee, Tampa VAMC, against the winner of match 6" (the sides not
    known yet as :func:`feeder_text` gives them)."""
    head = round_name if number is None else f"{round_name}, match {number}"

    def closed(who: str) -> str:  # "Ann Lee, Tampa VAMC, beat ...": the center set off
        return f"{who}," if ", " in who else who

    if winner is not None:
        loser = b if winner == a else a
        if kind == "bye" or loser is None:
            if round_name in ("Final", "Third place"):  # nothing after them to go through to
                won = "wins the final" if round_name == "Final" else "takes third place"
                return f"{head}: {closed(winner)} {won}, with no opponent"
            return f"{head}: {closed(winner)} goes through with a bye"
        how = _how(kind or "played", winner_wins, loser_wins, draws)
        return f"{head}: {closed(winner)} beat {loser}, {how}"
    left = a if a is not None else feeder_text(None)
    right = b if b is not None else feeder_text(None)
    tail = f" ({status})" if status else ""
    return f"{head}: {closed(left)} against {right}{tail}"


def standings_lines(gold: Optional[str], silver: Optional[str], bronze: Optional[str],
                    fourth: Optional[str], vacant: Sequence[str] = ()) -> list[str]:
    """"Gold: Ann Lee, Tampa VAMC", ..., "not decided yet" for places still open and "not
    awarded" for those nobody will take (``vacant``: "silver", "bronze", "fourth")."""
    out = []
    for place, who in (("Gold", gold), ("Silver", silver), ("Bronze", bronze), ("Fourth", fourth)):
        empty = "not awarded" if place.lower() in vacant else "not decided yet"
        out.append(f"{place}: {who if who else empty}")
    return out


def server_gone_sentence() -> str:
    """Said once when a table loses the tournament server."""
    return ("The tournament server cannot be reached. Play goes on; the result will be sent "
            "when the server is back.")


def server_back_sentence(sent: int) -> str:
    """Said once when the server answers again, with the number of queued results sent."""
    if sent == 0:
        return "The tournament server is back."
    return f"The tournament server is back; {sent} queued result{'s' if sent != 1 else ''} sent."


def queued_sentence(match_number: int) -> str:
    return f"Match {match_number}: the result is kept on this laptop and will be sent when the " \
           "server is back."


def refused_sentence(match_number: int, reason: str) -> str:
    return f"Match {match_number}: the result was refused. {reason}"


def withdrawn_name(name: str, withdrawn: bool) -> str:
    """"Cy Ott (withdrew)" for a competitor who left the tournament, else the name."""
    return f"{name} (withdrew)" if withdrawn else name


def withdrawal_sentence(name: str, opponent: Optional[str], match_number: Optional[int],
                        more: Sequence[tuple[str, int]] = ()) -> str:
    """"Bo Diaz withdrew; Ann Lee wins match 3 by withdrawal": ``opponent`` wins
    ``match_number``; ``more``: (winner, match number) of each further match the withdrawal
    decided (a third-place match whose other player is already known), each said too."""
    wins = [(opponent, match_number)] if opponent and match_number is not None else []
    wins += [(w, n) for w, n in more if w]
    if not wins:
        return f"{name} withdrew"
    return f"{name} withdrew; " + "; ".join(f"{w} wins match {n} by withdrawal"
                                             for w, n in wins)


def correction_sentence(match_number: int, affected: list[int], winner: str = "",
                        loser: str = "", winner_wins: int = 0, loser_wins: int = 0,
                        draws: int = 0, kind: str = "played") -> str:
    """"Match 5 corrected: Bo Diaz beat Ann Lee, 2 games to 1; matches 9 and 12 are affected".

    ``winner`` and the rest: the new result (as in :func:`result_sentence`), so that the
    organiser hears what the bracket now holds without reading the match again; without a
    ``winner`` (a preview, before the games are known) only the match and what it affects."""
    head = f"Match {match_number} corrected"
    if winner:
        head += ": " + result_sentence(None, winner, loser, winner_wins, loser_wins, draws, kind)
    if not affected:
        return f"{head}; no later match is affected"
    if len(affected) == 1:
        return f"{head}; match {affected[0]} is affected"
    nums = ", ".join(str(n) for n in affected[:-1]) + f" and {affected[-1]}"
    return f"{head}; matches {nums} are affected"


# --- the window: opening, reading the bracket, the organiser's actions ------------------------
# (used by ui/tournament; the data comes from tournament.views)

def _plural(n: int, word: str, words: Optional[str] = None) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {words or word + 's'}"


def join_sentences(parts: list[str]) -> str:
    """Sentences joined for one announcement, each ending with a full stop."""
    out = []
    for p in parts:
        p = p.strip()
        if p:
            out.append(p if p[-1] in ".?!" else p + ".")
    return " ".join(out)


def opened_text(name: str, divisions: int, competitors: int, table: Optional[int]) -> str:
    """"Tournament Golden Age Games is open: 3 divisions, 26 competitors." (a table laptop:
    "... is open on this laptop as table 3.")"""
    where = f" on this laptop as table {table}" if table is not None else ""
    what = f": {_plural(divisions, 'division')}, {_plural(competitors, 'competitor')}" \
        if table is None else ""
    return f"Tournament {name or 'without a name'} is open{where}{what}."


def open_failed_text(reason: str) -> str:
    return f"The tournament could not be opened: {reason}"


def closed_text(name: str) -> str:
    return f"Tournament {name} is closed."


def no_tournament_text() -> str:
    return ("No tournament is open. Open one from the Tournament menu: this laptop's tournament, "
            "a tournament file, or the tournament server.")


def not_organiser_text(table: int) -> str:
    return (f"This laptop is table {table}: only the organiser's laptop can do that. Here you can "
            "play the matches called to this table.")


def new_tournament_name_question() -> str:
    return "A new tournament: its name (for example National Veterans Golden Age Games 2026)."


def division_heading(label: str, count: int, drawn: bool, seed: Optional[int] = None,
                     same_center: Optional[int] = None, fewest: Optional[int] = None,
                     note: str = "", withdrew: int = 0) -> str:
    """"Division 70-74: 13 competitors, drawn with seed 2026; same-center first-round pairs 0
    (fewest possible 0)." or "... not drawn yet."; ``withdrew`` of the ``count`` competitors
    withdrew since: "5 competitors (1 withdrew), drawn ..."."""
    text = f"Division {label}: {_plural(count, 'competitor')}"
    if withdrew:
        text += f" ({withdrew} withdrew)"
    if drawn:
        text += (f", drawn with seed {seed}; same-center first-round pairs {same_center} "
                 f"(fewest possible {fewest})")
    else:
        text += ", not drawn yet"
    if note:
        text += f". {note}"
    return text + "."


def division_shown_text(heading: str, position: int, total: int) -> str:
    """A division just shown: its heading (:func:`division_heading`, or a label), then "4 of
    7"."""
    head = heading if heading.startswith("Division ") else f"Division {heading}"
    return f"{head.rstrip('.')}; {position} of {total}."


def no_division_text() -> str:
    return ("There is no division yet: register the competitors, then make the divisions "
            "(Tournament, Divisions).")


def round_heading(title: str, matches: int) -> str:
    """"Quarter-finals: 4 matches"."""
    return f"{title}: {_plural(matches, 'match', 'matches')}"


def standings_heading(label: str) -> str:
    return f"Standings, {label}"


def next_matches_text(label: str, lines: list[str]) -> str:
    """The single key N: the division's matches still to play."""
    if not lines:
        return f"No match is waiting to be played in {label}."
    head = f"Next matches in {label}, {len(lines)}:" if len(lines) > 1 else \
        f"Next match in {label}:"
    return head + " " + join_sentences(lines)


def standings_text(label: str, lines: list[str]) -> str:
    """The single key S: gold, silver, bronze and fourth."""
    return f"Standings, {label}: " + join_sentences(lines)


def path_text(who: str, lines: list[str]) -> str:
    """The single key P: a competitor's matches so far and the one due."""
    if not lines:
        return f"{who} has no match in the bracket yet."
    return f"Path of {who}: " + join_sentences(lines)


def nothing_selected_text() -> str:
    return "Choose a match in the bracket first (arrow keys in the list of matches)."


def bye_line_text(name: Optional[str]) -> str:
    """Said when a match's command is given on a bye's line: there is no match to act on."""
    who = name or "The competitor"
    return f"{who} goes through with a bye: there is no match here. Choose a match to play."


def no_competitor_here_text() -> str:
    return "There is no competitor at this place of the bracket yet."


def zoom_text(percent: int) -> str:
    return f"Bracket zoom {percent} percent."


def drawn_text(label: str, seed: int, size: int, byes: int, same_center: int,
               fewest: int, no_center: int = 0) -> str:
    """Said after a draw: the seed, so it can be shown again and audited; and how many
    competitors have "no center" (kept apart as if from one center)."""
    text = (f"Division {label} is drawn with seed {seed}: a bracket of {size}, "
            f"{_plural(byes, 'bye')}; same-center first-round pairs {same_center} (fewest "
            f"possible {fewest}).")
    if no_center:
        text += (f" {_plural(no_center, 'competitor')} with no medical center, kept apart as "
                 "if from one center.")
    return text


def draw_question(label: str, redraw: bool) -> str:
    if redraw:
        return (f"Division {label} is already drawn. Draw it again? The new draw replaces the old "
                "one (allowed until a result is entered).")
    return f"Draw division {label} now?"


def draw_seed_question() -> str:
    return ("The draw seed: leave it empty for a new random seed, or type the seed of a draw to "
            "show it again.")


def redraw_refused_text(label: str) -> str:
    """A division with a result entered is never drawn again (said before any question)."""
    return f"Division {label} has results: it cannot be drawn again."


def nothing_in_division_text(label: str) -> str:
    return f"Division {label} has no competitor to draw."


def bad_seed_text(typed: str) -> str:
    return f"{typed[:20]!r} is not a draw seed: type a whole number from 0 to 2147483647."


def imported_text(accepted: int, refused: int, where: str = "line") -> str:
    """"24 competitors registered; 2 rows refused:" (the rows follow, one sentence each)."""
    text = f"{_plural(accepted, 'competitor')} registered"
    if refused:
        text += f"; {_plural(refused, where)} refused"
    else:
        text += "; no row refused"
    return text + "."


def registered_text(name: str) -> str:
    return f"{name} is registered."


def edited_text(name: str) -> str:
    return f"{name}'s details are changed."


def withdraw_question(name: str) -> str:
    return (f"Withdraw {name} from the tournament? The opponent wins their next match by "
            "withdrawal. Say why (it goes in the audit log).")


def why_question() -> str:
    return "Why? (it goes in the audit log)"


def competitor_line(name: str, center: str, age_group: str, vi: bool, seed: Optional[int],
                    withdrawn: bool, division: Optional[str]) -> str:
    """One competitor in the registration list: "Ann Lee, Tampa VAMC, 70-74, visually impaired,
    seed 1, division 70-74" (", withdrawn" when so)."""
    parts = [name_with_center(name, center), age_group]
    if vi:
        parts.append("visually impaired")
    if seed:
        parts.append(f"seed {seed}")
    if division:
        parts.append(f"division {division}")
    if withdrawn:
        parts.append("withdrawn")
    return ", ".join(parts)


def divisions_made_text(labels: list[str]) -> str:
    if not labels:
        return "No division was made: nobody is registered."
    return f"{_plural(len(labels), 'division')}: " + ", ".join(labels) + "."


def result_entered_text(winner: str, loser: str, winner_wins: int, loser_wins: int,
                        draws: int, kind: str = "played",
                        more: Sequence[tuple[str, int]] = ()) -> str:
    """"Ann Lee beat Bo Diaz, 2 games to 0."; ``more``: (winner, match number) of each further
    match the result decided by an earlier withdrawal (the third place against a competitor
    who withdrew), each said too: "...; Bo Diaz wins match 4 by withdrawal."."""
    return (result_sentence(None, winner, loser, winner_wins, loser_wins, draws, kind)
            + "".join(f"; {w} wins match {n} by withdrawal" for w, n in more if w) + ".")


def correction_outcome_text(match_number: int, new_winner: str, old_winner: Optional[str],
                            affected: list[tuple[Optional[int], str, bool, bool]]) -> str:
    """What a correction does, stated in its form: the winner it gives and every later match
    it affects, as (number, round name, players change, result voided)."""
    if old_winner and old_winner != new_winner:
        head = f"Correct match {match_number}: {new_winner} becomes the winner instead of " \
               f"{old_winner}."
    else:
        head = f"Correct match {match_number}: {new_winner} stays the winner; the score changes."
    if affected:
        items = []
        for number, round_name, players, voided in affected:
            what = []
            if players:
                what.append("its players change")
            if voided:
                what.append("its result is voided and it must be played again")
            name = round_name + (f", match {number}" if number is not None else "")
            items.append(f"{name} ({' and '.join(what)})")
        head += " Later matches affected: " + "; ".join(items) + "."
    else:
        head += " No later match is affected."
    return head


def call_question_text(match_number: int, free: list[int]) -> str:
    if not free:
        return f"Match {match_number}: every table is busy. Choose a table anyway (its match " \
               "must be finished first)."
    return f"Call match {match_number} to which table?"


def no_free_table_text() -> str:
    return "Every table has a match called or in play."


def nothing_to_call_text() -> str:
    return "No match is waiting to be called."


def tables_text(count: int, free: list[int]) -> str:
    if not free:
        return f"{_plural(count, 'table')}; every table is busy."
    return f"{_plural(count, 'table')}; free: " + ", ".join(str(t) for t in free) + "."


def tables_question(count: int) -> str:
    return f"How many tables? (now {count}; the VA rulebook's host provides 12)"


def csv_saved_text(path: str, rows: int, full: bool = False) -> str:
    """"12 results saved as CSV: results.csv in Documents." (``full``: the whole path, for the
    status line)."""
    return f"{_plural(rows, 'result')} saved as CSV: {saved_where(path, full)}."


def pdf_saved_text(what: str, path: str, plural: bool = False, full: bool = False) -> str:
    """"The bracket of 70-74 is saved as PDF: bracket-70-74.pdf in Documents."; "The standings
    are saved ..." (``plural``); ``full``: the whole path, for the status line."""
    return f"The {what} {'are' if plural else 'is'} saved as PDF: {saved_where(path, full)}."


# --- "Play this match here", the table laptop -------------------------------------------------

def play_here_text(match_number: int, round_name: str, division: str, table: Optional[int]) -> str:
    at = f" at table {table}" if table is not None else " here"
    return f"Match {match_number}, {round_name}, division {division}, is played{at}."


def confirm_result_question(match_number: int, winner: str, loser: str, winner_wins: int,
                            loser_wins: int, draws: int) -> str:
    """The official confirms a finished match before its result goes to the bracket."""
    return (f"Match {match_number} is over: {winner} beat {loser}, "
            f"{score_words(winner_wins, loser_wins, draws)}. Official: send this result to the "
            "tournament?")


def result_sent_text(match_number: int) -> str:
    return f"Match {match_number}: the result is in the bracket."


def result_already_sent_text(match_number: int) -> str:
    return f"Match {match_number}: the tournament already had this result."


def result_held_text(match_number: int) -> str:
    return (f"Match {match_number}: the result was not sent. When the official has checked it, "
            "choose Tournament, Send the match result.")


def no_result_to_send_text() -> str:
    return "No finished match is waiting to be sent."


def no_winner_text(match_number: int) -> str:
    return (f"Match {match_number} has no winner yet, so no result can go to the bracket; the "
            "official can correct a game (Event, Official).")


def sent_later_text(match_number: int) -> str:
    """Said when a queued result reaches the server."""
    return f"Match {match_number}: the queued result is sent and in the bracket."


def no_called_match_text(table: Optional[int]) -> str:
    if table is None:
        return "No match is called to this laptop's table yet."
    return f"No match is called to table {table} yet."


def called_here_text(lines: list[str]) -> str:
    return join_sentences(lines)


def organiser_server_gone_sentence() -> str:
    """Said once on the organiser's laptop when the server goes away."""
    return ("The tournament server cannot be reached. The bracket shows what was known; it "
            "follows again when the server is back.")


def organiser_server_back_sentence() -> str:
    return "The tournament server is back; the bracket is up to date."


def server_test_ok_text(where: str, version: str, user: str, table: Optional[int],
                        has_tournament: bool) -> str:
    who = f"as {user}" + (f" (table {table})" if table is not None else " (the organiser)")
    text = f"The tournament server at {where} works: PostgreSQL {version}, signed in {who}."
    if not has_tournament:
        text += " It has no tournament yet: run checkers-desktop tournament-server init first."
    return text


def server_saved_text() -> str:
    return "Saved. The password is kept in this laptop's keyring, not in the settings file."


def server_cleared_text() -> str:
    return "This laptop keeps its tournament in its own file again."


def server_needed_text() -> str:
    return "No tournament server is set: give its address in Settings, Tournament server."


def server_url_help() -> str:
    return "postgresql+psycopg://USER@HOST:PORT/DATABASE, for example " \
           "postgresql+psycopg://checkers_table_3@192.168.1.10:5432/checkers"


def not_drawn_text(label: str) -> str:
    return f"Division {label} is not drawn yet."


def matches_heading(label: str) -> str:
    return f"Division {label}: every match"


def server_testing_text() -> str:
    return "Trying the tournament server (at most 5 seconds)..."


def server_not_postgres_text() -> str:
    return ("That is not a PostgreSQL address: give postgresql+psycopg://USER@HOST:PORT/DATABASE. "
            "A tournament in a file is opened with Tournament, Open a tournament file.")


def already_playing_text(match_number: int) -> str:
    return (f"Match {match_number} is being played on this laptop; finish it (or send its result) "
            "before taking another.")


def play_here_not_started_text(match_number: int) -> str:
    return (f"Match {match_number} is taken for this table but not started: the match in "
            "progress goes on. Choose Play this match here again when it is over.")


def play_here_abandoned_text(match_number: int) -> str:
    return (f"Tournament match {match_number} stopped before its end; the bracket still waits "
            "for its result (enter it by hand, or play it again here).")


def match_not_over_text(match_number: int) -> str:
    return f"Match {match_number} is not over yet; its result goes to the bracket when it ends."


def nothing_chosen_text() -> str:
    return "Choose a line of the list first."


def competitors_heading() -> str:
    return ("The registered competitors. Add registers one; Edit and Withdraw act on the line "
            "chosen; Import reads a CSV file or an Excel sheet.")


def why_needed_text() -> str:
    return "Say why: it goes in the audit log. Nothing was changed."


def why_again_text() -> str:
    """Said when the reason asked for was left empty: the question comes again."""
    return "A reason is needed: it goes in the audit log. Type why, or press Escape to cancel."


def nothing_to_draw_text() -> str:
    return "Every division with competitors is already drawn."


def draw_all_question(labels: list[str]) -> str:
    return f"Draw {_plural(len(labels), 'division')} now: " + ", ".join(labels) + \
        "? Each gets a new seed, shown and recorded."


def calls_made_text(count: int) -> str:
    """Said once the matches offered are called (each was read in the question)."""
    return "The match is called." if count == 1 else f"The {count} matches are called."


def correction_form_text(match_number: int, a: str, b: str) -> str:
    """What the correction form is for, said once as it opens, with its fields in Tab
    order."""
    return (f"Correct match {match_number}: {a} against {b}. The new result: the games as "
            "played, or a walkover; then why, for the audit log. Enter confirms, Escape cancels "
            "and changes nothing.")


def correction_walkover_choice(present: str, absent: str) -> str:
    return f"A walkover: {present} came to the table, {absent} did not"


CORRECTION_PLAYED_CHOICE = "The games, as below"


def correction_not_ready_text(reason: str) -> str:
    """The correction form's outcome while the games chosen are not a result yet."""
    return f"Not a result yet: {reason}."


def call_offers_question(lines: list[str]) -> str:
    return "Call these matches? " + join_sentences(lines)


def called_heading(table: Optional[int]) -> str:
    if table is None:
        return "Matches called to a table or being played. Play this match here starts the " \
               "chosen one on this laptop."
    return (f"Matches called to table {table}. Play this match here starts the chosen one, with "
            "the players and the division's rules filled in.")


def already_decided_text(match_number: int) -> str:
    return (f"Match {match_number} already has a result; to change it, choose Correct the "
            "result.")


def not_ready_text(match_number: int) -> str:
    return f"Match {match_number} is waiting for the winner of an earlier match."


def walkover_question(match_number: int) -> str:
    return f"Match {match_number}: who came to the table? (the other did not)"


def walkover_outcome_text(match_number: int, present: str, absent: str) -> str:
    """The walkover form's outcome in words, for the side chosen as come to the table."""
    return (f"{present} wins match {match_number} by walkover: {absent} did not come to the "
            "table.")


WALKOVER_TITLE = "Walkover"
WALKOVER_PRESENT_LABEL = "Who came to the table"
WALKOVER_WHY_LABEL = "Why (for the audit log)"
WALKOVER_CONFIRM = "&Record the walkover"


def walkover_prompt_text(match_number: int) -> str:
    """What the walkover form is for, said once as it opens, with its fields in Tab order."""
    return (f"Walkover in match {match_number}: choose who came to the table (the other did "
            "not), then why, for the audit log. Enter confirms, Escape cancels and changes "
            "nothing.")


def walkover_default_reason() -> str:
    return "did not come to the table in time"


def nothing_to_correct_text(match_number: int, kind: Optional[str]) -> str:
    if kind in ("bye", "withdrawal"):
        return (f"Match {match_number} was decided by a {kind}, not by a result entered; there "
                "is nothing to correct.")
    return f"Match {match_number} has no result to correct yet."


def game_gap_text(missing: int, played: int) -> str:
    """A result form with a game left "not played" before one entered (``missing`` < ``played``,
    game numbers from 1): the games are entered in the order they were played."""
    return (f"game {missing} is not played but game {played} is; enter the games in the order "
            "they were played, from game 1")


def bracket_picture_alt(label: str) -> str:
    """The text alternative of the drawn bracket in a PDF: what a screen reader says of it."""
    return (f"The bracket of division {label}, drawn. Its matches follow in words, under the "
            "standings.")


def division_group_text(group: str, total: int, impaired: int) -> str:
    """An age group's line in the Divisions form: "70-74: 15 competitors, 3 visually
    impaired"."""
    return (f"{group}: {total} competitor{'' if total == 1 else 's'}, {impaired} visually "
            "impaired")


def split_choice_text() -> str:
    """The check box under an age group's line that splits it."""
    return "Split into visually impaired and standard"


def split_choice_name(group: str, total: int, impaired: int) -> str:
    """What a screen reader says of that check box: the whole choice, group and counts."""
    return (f"Split {group} ({_plural(total, 'competitor')}, {impaired} visually impaired) into "
            "visually impaired and standard")


def merge_choice_text(next_group: str) -> str:
    """The check box that plays an age group with the next older one."""
    return f"Play together with {next_group}"


def merge_choice_name(group: str, next_group: str) -> str:
    return f"Play {group} together with {next_group}"


def drawn_all_text(drawn: list[tuple[str, int, int]]) -> str:
    """Said after Draw all: how many divisions, their names, and the divisions whose
    same-center first-round pairs are more than the fewest possible (``drawn``: (label,
    same-center pairs, fewest possible) per division). The seeds are not said (ten digits each,
    for every division, in one breath): they are shown and recorded."""
    labels = ", ".join(label for label, _same, _fewest in drawn)
    text = f"{_plural(len(drawn), 'division')} drawn: {labels}."
    over = [f"{label} {same} (fewest possible {fewest})" for label, same, fewest in drawn
            if same > fewest]
    if over:
        text += " Same-center first-round pairs above the fewest possible: " + \
            ", ".join(over) + "."
    else:
        text += " Same-center first-round pairs: the fewest possible in each."
    return text + " The seeds are shown and recorded."


def match_numbers_words(numbers: Sequence[int]) -> str:
    """"match 7", "matches 3 and 7", "matches 2, 3 and 7"."""
    ns = [str(n) for n in numbers]
    if len(ns) == 1:
        return f"match {ns[0]}"
    return f"matches {', '.join(ns[:-1])} and {ns[-1]}"


def standings_unverified_line(numbers: Sequence[int]) -> str:
    """Under standings that use, for some matches, the result the tournament's log recorded
    instead of the stored one."""
    return (f"From verified results only: the stored result of {match_numbers_words(numbers)} "
            "disagrees with the tournament's log, which is used instead")


def export_unverified_note(logged: bool) -> str:
    """The "verified" cell of a results CSV row whose stored result disagrees with the log."""
    if logged:
        return "no: the stored result disagrees with the tournament's log; the logged result is shown"
    return "no: the tournament's log has no such result; not counted"


_SEAL_REASONS = {
    "changed": "its stored result is not the one the log recorded",
    "winner": "the bracket names another winner than the log",
    "missing": "the result the log recorded was removed",
    "not logged": "it was decided by a result the log never recorded",
    "unverifiable": "its result cannot be checked",
    "bracket": "the bracket names other players or another winner than the results make",
}


def seal_text(forged: Sequence[tuple[int, str, bool]], chain_break: Optional[int],
              anchors: str, unanchored: int = 0, unsealed: bool = False) -> str:
    """Said and shown when a tournament is opened and its seal does not hold: ``forged`` (match
    number, reason, logged; reasons "changed", "winner", "missing", "not logged", "unverifiable"), the first event
    where the log's chain breaks (``logged``: the log has a result to use instead), ``anchors`` ("verified", "changed", "other install",
    "unsealed", "not checked"); ``unsealed``: the break is only entries no checkpoint covers.
    Empty when nothing needs saying."""
    parts = []
    if chain_break is not None and anchors != "changed" and unsealed:
        parts.append(f"Warning: the tournament's log has entries this laptop did not seal, from "
                     f"entry {chain_break} on: written by a program without its key, or changed "
                     "outside the app.")
    elif chain_break is not None or anchors == "changed":
        parts.append("Warning: the tournament's log was changed outside the app"
                     + (f" (from entry {chain_break} on)." if chain_break is not None else "."))
    for number, reason, logged in forged:
        use = "use the logged result" if logged else "leave it undecided"
        if reason == "bracket":
            use = "use what the results make of it"
        parts.append(f"Match {number}: {_SEAL_REASONS.get(reason, reason)}; the standings and "
                     f"exports {use}.")
    if forged:
        parts.append("Correct each named match (Tournament menu, Correct a result) to put the "
                     "right result back.")
    elif anchors == "other install" and chain_break is None:
        parts.append("This tournament was sealed on another laptop; its seal cannot be fully "
                     "checked here.")
    return " ".join(parts)


def match_unverified_note(logged: bool) -> str:
    """Added to a match's line when its stored result disagrees with the tournament's log."""
    if logged:
        return " (the stored result disagrees with the tournament's log; the logged result is shown)"
    return " (the stored result is not in the tournament's log; not counted)"


def rolled_back_text(event: int) -> str:
    """Said when a tournament's log lacks an entry this laptop saw in it before."""
    return (f"Warning: this tournament is older than this laptop last saw it (entry {event} of "
            "its log is gone or changed): it is an earlier copy, or its log was cut back. "
            "Results entered since are missing; open the newest copy.")


def draw_changed_text(divisions: Sequence[str], withdrawals: int) -> str:
    """Said when the stored draw of ``divisions`` or ``withdrawals`` competitors' withdrawal
    (made or undone) is not what the tournament's log recorded."""
    parts = []
    if divisions:
        parts.append(f"Warning: the draw of {_plural(len(divisions), 'division')} "
                     f"({', '.join(divisions)}) is not the one the log recorded: it was changed "
                     "outside the app.")
    if withdrawals:
        parts.append(f"Warning: {_plural(withdrawals, 'competitor')} withdrawn or brought back "
                     "outside the app (the log says otherwise).")
    return " ".join(parts)


def _and_list(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def bracket_part_name(first_round_share: Optional[tuple[int, int]], titles: list[str]) -> str:
    """What one printed part of a bracket shows: a share of the draw, ``(which, of)`` from 1
    ("the top half of the draw", "the second quarter of the draw", "part 3 of 8 of the draw"),
    the later rounds' ``titles`` (["Semi-finals", "Final and third place"] reads "the
    semi-finals, the final and the third place"), or both ("the quarter-finals and the
    semi-finals of the top half of the draw")."""
    share = ""
    if first_round_share is not None:
        which, of = first_round_share
        if of == 2:
            share = "the top half of the draw" if which == 1 else "the bottom half of the draw"
        elif of == 4:
            order = ("first", "second", "third", "fourth")[which - 1]
            share = f"the {order} quarter of the draw"
        else:
            share = f"part {which} of {of} of the draw"
    phrases = []
    for title in titles:
        lower = title.lower()
        phrases += ["the final", "the third place"] if lower == "final and third place" \
            else ["the " + lower]
    rounds = _and_list(phrases)
    if rounds and share:
        return f"{rounds} of {share}"
    return rounds or share


def bracket_part_heading(label: str, number: int, total: int, name: str) -> str:
    """The heading of one printed part of a bracket: "Division 70-74, bracket part 2 of 5:
    the second quarter of the draw"."""
    return f"Division {label}, bracket part {number} of {total}: {name}"


def bracket_parts_text(label: str, count: int) -> str:
    """Under the standings: the bracket follows in parts, one a page, each headed with what it
    shows."""
    return (f"The bracket of division {label} follows in {count} parts, one a page, each "
            "headed with the part of the draw it shows.")


def bracket_part_leaving_text(match: str, next_match: str, next_part: int,
                              third_place: Optional[str]) -> str:
    """Where the winner of a match at a part's edge goes: "The winner of match 13 goes on to
    the final, match 16, in part 5; the loser to the third place, match 15."."""
    text = f"The winner of {match} goes on to {next_match}, in part {next_part}"
    if third_place:
        text += f"; the loser to {third_place}"
    return text + "."


def bracket_part_entering_text(sources: list[tuple[str, int]],
                               third_place: Optional[str] = None) -> str:
    """Where a later part's players come from: "Its players are the winners of match 9 (part
    1), match 10 (part 2)...". ``third_place``: the third-place match, when the part shows it
    and ``sources`` are the semi-finals: its players are their losers, and the sentence says
    so ("...; the third place, match 23, is played by their losers.")."""
    text = "Its players are the winners of " + _and_list(
        [f"{m} (part {p})" for m, p in sources])
    if third_place:
        text = ("The final's players are the winners of "
                + _and_list([f"{m} (part {p})" for m, p in sources])
                + f"; {third_place} is played by their losers")
    return text + "."


def bracket_part_alt(label: str, name: str) -> str:
    """The text alternative of one drawn part of a bracket in a PDF."""
    return (f"The bracket of division {label}, {name}, drawn. Its matches follow in words at "
            "the end.")


def walkover_third_place_text(loser: str, third_place: int) -> str:
    """Said after a semi-final's walkover: a walkover loses one match only, so its loser still
    plays for third place (VA rulebook, Event 4: "Third place games will match the two losers
    of the two semi-final games")."""
    return (f"{loser} still plays for third place, in match {third_place}; if {loser} has "
            "left the event, withdraw them.")
