"""Every command of the window, declared once: id, menu text, shortcut, accessible name, help text.

The menus, the shortcuts, the Help > Keyboard commands dialog and ``accessibility/keyboard.md`` are all
made from :data:`ACTIONS` and :data:`BOARD_KEYS` (a test checks keyboard.md against them).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget


@dataclass(frozen=True)
class ActionSpec:
    """One command. ``shortcut`` is in ``QKeySequence`` portable text ("Ctrl+N"), "" for none;
    ``menu`` is the menu it sits in ("Game", "Speech", "Help") ."""

    id: str
    text: str
    shortcut: str
    accessible_name: str
    help_text: str
    menu: str
    checkable: bool = False


@dataclass(frozen=True)
class KeySpec:
    """A key handled on the board itself (not a menu command)."""

    keys: str
    help_text: str


ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec("new_vs_computer", "New game against the &computer", "Ctrl+N",
               "New game against the computer",
               "Start a new game: you play Black and move first, the computer plays the other side. "
               "Asks first when a game is in progress; in a match only the official can leave "
               "(with the official's PIN).", "Game"),
    # practice at home (handled by ui/practice.py)
    ActionSpec("new_vs_computer_red", "New game against the computer, you play R&ed",
               "Ctrl+Shift+C", "New game against the computer, you play Red",
               "Start a new game against the computer with the second side (Red in practice "
               "rules); the computer moves first. The board is turned so your side is at the "
               "bottom. Asks first when a game or match is in progress.", "Game"),
    ActionSpec("new_two_players", "New game for &two players", "Ctrl+Shift+N",
               "New game for two players",
               "Start a new game for two people at the same keyboard; both sides move by keyboard. "
               "Asks first when a game or match is in progress.", "Game"),
    ActionSpec("resign", "&Resign", "Ctrl+Shift+R", "Resign",
               "Resign the game in progress, after a confirmation.", "Game"),
    # draw offers (session/draws.py; in a match through the Event menu's match session,
    # where the same item also sits in the Event menu)
    ActionSpec("offer_draw", "Offer a dra&w...", "Ctrl+Shift+D", "Offer a draw",
               "The player to move offers a draw, after a confirmation. The opponent answers: Yes "
               "accepts, No plays on (against the computer, the computer answers). In a match it "
               "is written to the record with the time.", "Game"),
    ActionSpec("open_game", "&Open game...", "Ctrl+O", "Open game",  # ui/open_game.py
               "Open a game saved as a PDN file and go on playing from its last position, two "
               "players. A file of several games (Tinsley's 724) lists them to choose one. A file "
               "that cannot be read changes nothing. Asks first when a game or match is in "
               "progress.", "Game"),
    ActionSpec("save_game", "&Save game...", "Ctrl+S", "Save game",  # ui/save_game.py
               "Save the game in progress or just ended as a PDN file (the moves, the players, "
               "the rules and the result), to open again with Game > Open game.", "Game"),
    ActionSpec("move_box", "Type a &move", "Ctrl+M", "Type a move",
               "Type a move such as 11-15, 11 15 or 22x15, then press Enter: the keyboard stays on "
               "the board and the move box shows what you type. Escape goes back to the board's "
               "keys.", "Game"),
    ActionSpec("go_to_board", "Go to the &board", "Ctrl+B", "Go to the board",
               "Put the keyboard cursor back on the board.", "Game"),
    # --- Moves menu: fewer keys per move (ui/move_assist.py, ui/side_panel.py) ---------------
    ActionSpec("next_piece", "&Next movable piece", "N", "Next movable piece",
               "Put the cursor on the nearest of your pieces that can move; press again for the "
               "next one. When a jump is compulsory, only the pieces that can jump. With a piece "
               "picked up: its next destination.", "Moves"),
    ActionSpec("previous_piece", "&Previous movable piece", "Shift+N", "Previous movable piece",
               "Go back round your movable pieces (or the picked-up piece's destinations).",
               "Moves"),
    ActionSpec("legal_moves_list", "&Legal moves list", "F5", "Legal moves list",
               "Go to the list of legal moves: arrow through them (\"11 to 15\"), Enter plays the "
               "selected move, Escape goes back to the board. After a move played from the list, "
               "its new moves come once the computer's reply has been said; an arrow key or Enter "
               "before then brings them at once (and plays nothing).", "Moves"),
    ActionSpec("history_list", "Move &history and review", "Ctrl+H", "Move history and review",
               "Go to the list of the moves played, from the start position (Home): arrowing "
               "through it shows the position after each move on the board, in the board as "
               "text and on the status line (review); Enter reads that position; Escape goes "
               "back to the game.", "Moves"),
    ActionSpec("board_text_view", "Board as &text", "Ctrl+Shift+B", "Board as text",
               "Go to the board as eight lines of text, for a braille display: b and r are the "
               "men, B and R the kings, a dash an empty square, a dot an unused one, > the "
               "cursor. It follows every move; Escape goes back to the board.", "Moves"),
    # --- end of Moves menu ----------------------------------------------------------------------
    ActionSpec("next_level", "&Next computer level", "Ctrl+L", "Next computer level",
               "Make the computer one level stronger and say the level; at the strongest (level "
               "6) it stays there and says so. Game > Computer level lists them all. It applies "
               "from the computer's next move.", "Game"),
    # Ctrl+Shift+L, the other way round as Shift+N is, is Continuous listening (Voice menu)
    ActionSpec("previous_level", "&Previous computer level", "Ctrl+Shift+K",
               "Previous computer level",
               "Make the computer one level gentler and say the level; at level 1 it stays there "
               "and says so. It applies from the computer's next move.", "Game"),
    ActionSpec("quit", "&Quit", "Ctrl+Q", "Quit",
               "Close the app. Asks first when a game is in progress (it is saved and offered "
               "again); during a match only the official can quit.", "Game"),
    ActionSpec("repeat_last", "&Repeat last message", "F2", "Repeat last message",
               "Say the last message again.", "Speech"),
    ActionSpec("say_status", "Say &whose turn", "F3", "Say whose turn",
               "Say whose turn it is and the last move.", "Speech"),
    ActionSpec("toggle_speech", "&Speech on", "Ctrl+Shift+S", "Speech on or off",
               "Switch the app's own voice on or off. Screen reader announcements go on either way.",
               "Speech", checkable=True),
    # --- View menu (low vision; handled by ui/display.py) -----------------------------
    ActionSpec("next_theme", "Next &theme", "Ctrl+T", "Next theme",
               "Change to the next colour theme and say its name. View > Theme lists them all.",
               "View"),
    ActionSpec("zoom_in", "Zoom &in", "Ctrl++", "Zoom in",
               "Magnify the board, up to 400 percent; the view follows the cursor. Ctrl+= works "
               "too.", "View"),
    ActionSpec("zoom_out", "Zoom &out", "Ctrl+-", "Zoom out",
               "Make the board smaller again, down to 100 percent (the board fills the window).",
               "View"),
    ActionSpec("zoom_reset", "&Actual size", "Ctrl+0", "Zoom to 100 percent",
               "The whole board fills the window again.", "View"),
    ActionSpec("text_larger", "&Larger text", "Ctrl+Shift+Up", "Larger text",
               "Make every label, menu and the move box larger, up to 300 percent.", "View"),
    ActionSpec("text_smaller", "&Smaller text", "Ctrl+Shift+Down", "Smaller text",
               "Make the text smaller again, down to 100 percent.", "View"),
    ActionSpec("side_panel", "Side &panel", "Ctrl+Shift+P", "Side panel",
               "Show or hide the panel beside the board: which piece is which side, the legal "
               "moves (Alt+L), the move history (Alt+Y) and the board as text (Alt+B). At a text "
               "size above 100 % on a laptop screen it starts hidden, so that the board keeps "
               "the whole height; F5, Ctrl+H and Ctrl+Shift+B show it.", "View",
               checkable=True),
    ActionSpec("large_numbers", "Large square &numbers", "", "Large square numbers",
               "Write the square numbers large: in the middle of an empty square, larger in "
               "the corner of one with a piece.",
               "View", checkable=True),
    ActionSpec("where_am_i", "&Where am I", "F6", "Where am I",
               "Flash and enlarge the square under the cursor for a moment and say it, with its "
               "row and column.", "View"),
    # --- end of View menu ----------------------------------------------------------------------
    # --- Read menu: one-key reading commands (session/reading.py says them) -------------------
    # Single letters, so they never clash with the digits typed on the board (go to a square);
    # in the move box letters type as usual. Lichess's blind mode and Blindfold Checkers use
    # the same idea: one key, one question.
    ActionSpec("read_board", "Read the &board", "B", "Read the board",
               "Read the whole board row by row, top row first, as the squares lie on the screen.",
               "Read"),
    ActionSpec("read_my_pieces", "My &pieces", "P", "My pieces",
               "List where your pieces stand, men and kings (two players: the side to move).",
               "Read"),
    ActionSpec("read_opponent_pieces", "&Opponent's pieces", "O", "Opponent's pieces",
               "List where your opponent's pieces stand, men and kings.", "Read"),
    ActionSpec("read_counts", "Counts and &material", "M", "Counts and material",
               "Count the men and kings of each side and say who is ahead (man 1, king 2).",
               "Read"),
    ActionSpec("read_last_move", "&Last move", "L", "Last move", "Say the last move played.",
               "Read"),
    ActionSpec("read_move_list", "Move &history", "H", "Move history",
               "Read every move of the game, numbered.", "Read"),
    ActionSpec("read_turn", "Whose &turn", "T", "Whose turn",
               "Say whose turn it is, whether a jump must be made, or how the game ended.", "Read"),
    ActionSpec("read_clocks", "&Clocks", "C", "Clocks",
               "Say the game time left and the time used on this move.", "Read"),
    ActionSpec("read_all_moves", "&All legal moves", "A", "All legal moves",
               "List every legal move of the side to move.", "Read"),
    ActionSpec("read_piece_moves", "&Destinations of this piece", "D", "Moves of the piece under the cursor",
               "List the moves of the piece under the cursor, or of the piece picked up (D for "
               "destinations).", "Read"),
    ActionSpec("read_captures", "&Jumps", "J", "Jumps",
               "Say the jumps the side to move must make, and the jumps the opponent threatens.",
               "Read"),
    ActionSpec("read_rules", "&Rules in force", "R", "Rules in force",
               "Say the rule profile of this game: touch-move, time limits, what is allowed.",
               "Read"),
    ActionSpec("say_board_text", "Board as te&xt", "X", "Say the board as text",
               "Send the board as eight lines of text to the screen reader (for a braille "
               "display): the same text as the Board as text view.", "Read"),
    ActionSpec("stop_speaking", "&Stop speaking", "S", "Stop speaking",
               "Stop the app's own voice at once (your screen reader has its own stop key, usually "
               "Control).", "Read"),
    # --- end of Read menu ----------------------------------------------------------------------
    # --- Practice menu (practice against the computer; handled by ui/practice.py) -----
    ActionSpec("hint", "&Hint", "F9", "Hint",
               "Practice rules only: the engine suggests your move with a short reason, and its "
               "squares are marked on the board until the next move.", "Practice"),
    ActionSpec("take_back", "&Take back", "Ctrl+Z", "Take back",
               "Practice rules only: take back your last move and the computer's reply, so it is "
               "your turn again.", "Practice"),
    ActionSpec("review_game", "Re&view my game", "F8", "Review my game",
               "Say which of your moves changed the result (\"Your move 14, ten to fifteen, lost "
               "a man\"). Done by itself when a practice game against the computer ends.",
               "Practice"),
    # problems and master games (ui/problems_menu.py)
    ActionSpec("problems", "&Problems...", "Ctrl+Shift+O", "Problems",
               "Choose a collection of composed problems (beginner to Border Classics, or your "
               "own file); its next unsolved problem near your rating is set up and said. Solve "
               "it by moving as in a game: the computer answers with the best defence, a wrong "
               "move is said with why and taken back. F9 gives a hint (the piece, then the move).",
               "Practice"),
    ActionSpec("next_problem", "&Next problem for me", "Ctrl+Shift+J", "Next problem for me",
               "The unsolved problem of any collection nearest your rating.", "Practice"),
    ActionSpec("show_solution", "Show the &solution", "Shift+F9", "Show the solution",
               "Say the engine's winning (or drawing) line from the position on the board; the "
               "problem counts as not solved.", "Practice"),
    ActionSpec("guess_the_move", "&Guess the move...", "Ctrl+Shift+U", "Guess the move",
               "Choose a master game (Tinsley's and others) and a side; at each of that side's "
               "turns, play the move you think the master played. Right, a close second or "
               "wrong, with the master's move and the engine's comment.", "Practice"),
    ActionSpec("replay_master_game", "&Replay a master game...", "", "Replay a master game",
               "Choose a collection of master games and a game: it opens as Game, Open game "
               "does, and the Moves played list steps through it (Tinsley's and others).",
               "Practice"),
    ActionSpec("practice_progress", "&My progress", "Ctrl+Shift+Y", "My progress",
               "Say your problem rating, the problems solved, your streak and the guess score.",
               "Practice"),
    ActionSpec("add_own_pdn", "&Add my own problems or games...", "", "Add my own problems or games",
               "Read a PDN file of your own: positions with a stated result become problems, "
               "games with moves can be guessed. Nothing is copied or changed.", "Practice"),
    # --- end of Practice menu ------------------------------------------------------------------
    # --- Voice menu (voice commands; handled by ui/voice_input.py) --------------------
    ActionSpec("voice_on", "&Voice commands on", "Ctrl+Shift+V", "Voice commands on or off",
               "Play by speaking: moves (\"eleven to fifteen\") and commands (\"read the board\", "
               "\"help\"). Recognition runs on this computer. The microphone is used only while "
               "you talk (F12), or all the time with continuous listening.", "Voice",
               checkable=True),
    ActionSpec("push_to_talk", "&Talk (push-to-talk)", "F12", "Push to talk",
               "Hold F12 while you say a move or a command and let go when you have finished (or "
               "press it once to start and once to stop, if Push-to-talk key toggles is on). "
               "Turns voice commands on when they are off.", "Voice"),
    ActionSpec("voice_continuous", "&Continuous listening", "Ctrl+Shift+L",
               "Continuous listening",
               "Listen all the time, without F12; each phrase is picked out by the pauses around "
               "it. While the app speaks, the microphone is ignored.", "Voice", checkable=True),
    ActionSpec("voice_ptt_toggles", "Push-to-talk key t&oggles", "", "Push-to-talk key toggles",
               "F12 is pressed once to start talking and once to stop, instead of held down.",
               "Voice", checkable=True),
    ActionSpec("voice_confirm_moves", "Confirm every &move", "", "Confirm every move",
               "On: each move you say is read back and played only when you say \"yes\" (\"no\" "
               "cancels). Off: moves the game is sure it heard are played at once, others are still "
               "read back. Resigning and offering a draw are always confirmed.", "Voice", checkable=True),
    ActionSpec("voice_help", "&What can I say?", "Ctrl+Shift+H", "What can I say",
               "Say and show the voice commands the rules of this game allow (saying \"help\" "
               "does the same).", "Voice"),
    ActionSpec("voice_learn", "&Learn my voice...", "", "Learn my voice",
               "Read twelve short phrases once, prompted one at a time (Space or Enter starts and "
               "ends each, Escape stops and keeps nothing): voice commands then adapt to your "
               "voice and microphone. Kept for next time.", "Voice"),
    # --- end of Voice menu ---------------------------------------------------------------------
    ActionSpec("open_menus", "Open the &menus", "F10", "Open the menus",
               "Open the menu bar at its first menu, Game (as Alt+G does); the arrow keys move "
               "between the menus and their items, Escape closes them.", "Help"),
    ActionSpec("keyboard_help", "&Keyboard commands", "F1", "Keyboard commands",
               "List every key of the app.", "Help"),
    ActionSpec("tutorial", "&Learn checkers", "Ctrl+F1", "Learn checkers",
               "A spoken lesson with short practice positions: the board and its numbers, "
               "moving, jumping, crowning and the keys. Escape leaves it.", "Help"),
    ActionSpec("problem_report", "Save a &problem report...", "", "Save a problem report",
               "Write the log, the settings and the current game into one text file to give to "
               "the organiser.", "Help"),  # ui/problem_report_action.py
)

# --- Event menu (a VA Golden Age Games match; handled by ui/event/menu.py) ------------
# Not in ACTIONS: the Event menu installs them itself (ui/event/install_event_menu). The official's
# actions sit in the submenu "Event/Official", each behind the official's PIN (when one is set)
# and a confirmation.
ENDS_REVIEW: frozenset[str] = frozenset({
    "new_vs_computer", "new_vs_computer_red", "new_two_players", "resign", "offer_draw",
    "open_game", "next_piece", "previous_piece", "hint", "take_back", "review_game", "tutorial",
    "problems", "next_problem", "show_solution", "guess_the_move", "quit"})
"""Commands of :data:`ACTIONS` that act on the game or its board: when one is given while a past
position is reviewed (the moves played list has the keyboard), the review ends and the keyboard
goes back to the board first, so that what the command says ("Looking for a hint.") and shows is
about the game, and the next arrow key moves on the board, not back into the past. The reading,
display and speech commands keep the review."""

EVENT_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec("event_new_match", "&New match...", "Ctrl+Shift+M", "New match",
               "Start a best-of-three match: both players' names, medical centers and age groups, "
               "the rules, the official's name and PIN; a coin flip gives the first Black. Asks "
               "first when a game or match is in progress.", "Event"),
    ActionSpec("event_say_match", "Say the &score and clocks", "F4", "Say the score and clocks",
               "Say the match score, whose turn it is and the clocks.", "Event"),
    ActionSpec("event_choose_removal", "&Choose the checker to remove...", "Ctrl+Shift+X",
               "Choose the checker to remove",
               "After a time or stalling penalty, the chooser types the square of the offender's "
               "checker to remove (or moves to it on the board and presses Enter); the choice is "
               "confirmed, naming the chooser, before it is removed.", "Event"),
    ActionSpec("event_save_pdf", "Save score sheet as P&DF...", "Ctrl+Shift+E",
               "Save score sheet as PDF", "Save the match's score sheet as a PDF file.", "Event"),
    ActionSpec("event_print", "&Print score sheet...", "Ctrl+P", "Print score sheet",
               "Print the match's score sheet.", "Event"),
    # Draws under WCDF rules (shown only when the match's rules have them; Offer a draw,
    # Ctrl+Shift+D, is in this menu too)
    ActionSpec("event_repetition", "Point out a repe&tition...", "Ctrl+Shift+T",
               "Point out a repetition",
               "WCDF rules: the player to move points out that the position has repeated and "
               "suggests a draw; the opponent accepts or plays on.", "Event"),
    ActionSpec("event_forty_request", "Request the &forty-move count...", "Ctrl+Shift+F",
               "Request the forty-move count",
               "WCDF rules: after a declined draw offer, its player requests the 40-move count: "
               "the opponent has 40 moves to show a strengthened position.", "Event"),
    ActionSpec("event_strengthened", "The position was stren&gthened...", "Ctrl+Shift+G",
               "The position was strengthened",
               "WCDF rules: the player who requested the 40-move count concedes that the "
               "opponent has strengthened the position; the count starts again.", "Event"),
    ActionSpec("official_start_game", "&Start the game", "Ctrl+Alt+G", "Start the game",
               "Official: once both players are ready, start the game waiting on the board and "
               "its clocks (each game of a match waits for it, and a match resumed after a "
               "restart).", "Event/Official"),
    ActionSpec("event_resume_match", "Resume a &match...", "Ctrl+Alt+U", "Resume a match",
               "The matches kept for later after a restart (the official kept them instead of "
               "resuming them): resume one, or the official ends it.", "Event"),
    ActionSpec("official_pause", "&Pause the clocks", "Ctrl+Alt+P", "Pause the clocks",
               "Official: stop every clock, after a confirmation.", "Event/Official"),
    ActionSpec("official_resume", "&Restart the clocks", "Ctrl+Alt+R", "Restart the clocks",
               "Official: start the clocks again, after a confirmation.", "Event/Official"),
    ActionSpec("official_stalling_warning", "Stalling &warning...", "Ctrl+Alt+W",
               "Stalling warning", "Official: warn a player for stalling (visually impaired "
               "rules).", "Event/Official"),
    ActionSpec("official_stalling_penalty", "Stalling p&enalty...", "Ctrl+Alt+S",
               "Stalling penalty", "Official: after a warning, the opponent chooses one of the "
               "staller's checkers to remove.", "Event/Official"),
    ActionSpec("official_adjudicate", "&Adjudicate now...", "Ctrl+Alt+A", "Adjudicate now",
               "Official: end the game by the count, man 1, king 2.", "Event/Official"),
    ActionSpec("official_forfeit", "Declare a &forfeit...", "Ctrl+Alt+F", "Declare a forfeit",
               "Official: a player forfeits the game in progress.", "Event/Official"),
    ActionSpec("official_correct", "&Correct a result...", "Ctrl+Alt+C", "Correct a result",
               "Official: set the result of a game of the match.", "Event/Official"),
    ActionSpec("official_forty_ruling", "Forty-&move ruling...", "Ctrl+Alt+M",
               "Forty-move ruling",
               "Official, WCDF rules: when the 40-move count is complete, rule whether the "
               "position was strengthened (play goes on) or not (the game is drawn). Asked by "
               "itself when the count completes.", "Event/Official"),
    ActionSpec("official_event_pin", "Set the e&vent PIN...", "Ctrl+Alt+E", "Set the event PIN",
               "Official: set the official's PIN for every match on this computer, and for "
               "what changes the tournament here (results, walkovers, corrections, the draw), "
               "once for the event (typed twice; only a salted hash is kept). Changing or "
               "removing it asks the current PIN first.", "Event/Official"),
)

# --- Tournament and Settings menus (the organiser's side and a table laptop; handled by
# ui/tournament/menu.py, which installs them like the Event menu) ---------------------------
TOURNAMENT_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec("tournament_open_local", "Open this laptop's &tournament", "",
               "Open this laptop's tournament",
               "Open the tournament kept on this laptop, in the app's data folder (the first "
               "time it is made: you give its name).", "Tournament"),
    ActionSpec("tournament_open_file", "Open a tournament &file...", "", "Open a tournament file",
               "Open, or make, a tournament kept in a file you choose.", "Tournament"),
    ActionSpec("tournament_connect", "&Connect to the tournament server", "",
               "Connect to the tournament server",
               "Open the tournament on the server given in Settings, Tournament server: the "
               "organiser's laptop follows every table; a table laptop plays the matches called "
               "to its table.", "Tournament"),
    ActionSpec("tournament_bracket", "Show the &bracket", "F7", "Show the bracket",
               "Open the bracket window: one division at a time, drawn and as a list for screen "
               "readers, with single keys to read the next matches, the standings and a "
               "competitor's path.", "Tournament"),
    ActionSpec("tournament_competitors", "Co&mpetitors...", "", "Competitors",
               "Register, edit and withdraw competitors (name, medical center, age group, "
               "visually impaired, seed).", "Tournament"),
    ActionSpec("tournament_import", "&Import competitors...", "", "Import competitors",
               "Register the competitors listed in a CSV file or an Excel sheet; every row "
               "refused is shown and said, with its line and why.", "Tournament"),
    ActionSpec("tournament_divisions", "&Divisions...", "", "Divisions",
               "Make the divisions: one per age group; split an age group into visually impaired "
               "and standard divisions, or merge small age groups.", "Tournament"),
    ActionSpec("tournament_draw_all", "Dra&w every division not drawn yet...", "",
               "Draw every division not drawn yet",
               "Draw each division that has no draw yet, each from a new recorded seed.",
               "Tournament"),
    ActionSpec("tournament_tables", "T&ables...", "", "Tables",
               "Set the number of tables (the host provides 12) and say which are free.",
               "Tournament"),
    ActionSpec("tournament_call_next", "Call the next matches to f&ree tables...", "",
               "Call the next matches to free tables",
               "Offer the next playable matches to the free tables and, after a confirmation, "
               "call them: \"Match 5, Ann Lee and Bo Diaz, to table 3\", said and shown.",
               "Tournament"),
    ActionSpec("tournament_called_here", "Matches called to t&his table...", "Shift+F7",
               "Matches called to this table",
               "A table laptop: the matches called to this table; Play this match here starts "
               "it in the Event menu with the players and the division's rules filled in.",
               "Tournament"),
    ActionSpec("tournament_send_result", "&Send the match result...", "",
               "Send the match result",
               "The official confirms the result of the finished tournament match and it goes to "
               "the bracket (asked by itself when the match ends).", "Tournament"),
    ActionSpec("tournament_results_csv", "Save results as CS&V...", "", "Save results as CSV",
               "Save every decided match as a CSV file (division, match, round, table, players, "
               "winner, score, how).", "Tournament"),
    ActionSpec("tournament_standings_pdf", "Save standings as &PDF...", "",
               "Save standings as PDF",
               "Save every division's gold, silver, bronze and fourth as a large-print PDF for the "
               "wall.", "Tournament"),
    ActionSpec("tournament_close", "C&lose the tournament", "", "Close the tournament",
               "Stop following the tournament on this laptop (nothing is lost: every action is "
               "already saved).", "Tournament"),
    ActionSpec("settings_tournament_server", "Tournament &server...", "", "Tournament server",
               "The tournament server's address (a PostgreSQL URL), tested before it is saved; "
               "the password goes to this laptop's keyring.", "Settings"),
)

# --- the bracket window (ui/tournament/bracket_window.py): its own menus, keys only there -----
BRACKET_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec("bracket_previous_division", "&Previous division", "Ctrl+PgUp",
               "Previous division", "Show the previous division.", "Division"),
    ActionSpec("bracket_next_division", "&Next division", "Ctrl+PgDown", "Next division",
               "Show the next division.", "Division"),
    ActionSpec("bracket_draw", "&Draw this division...", "Ctrl+D", "Draw this division",
               "Draw the division from a recorded seed (a new one, or one you type to show a draw "
               "again); allowed again until a result is entered.", "Division"),
    ActionSpec("bracket_pdf", "&Save the bracket as PDF...", "Ctrl+P", "Save the bracket as PDF",
               "Save this division's bracket and standings as a large-print PDF for the wall.",
               "Division"),
    ActionSpec("bracket_close", "&Close the bracket", "Escape", "Close the bracket",
               "Close this window and go back to the board.", "Division"),
    ActionSpec("match_call", "&Call to a table...", "Ctrl+T", "Call to a table",
               "Call the chosen match to a table: said and shown.", "Match"),
    ActionSpec("match_play_here", "Play this match &here", "Ctrl+H", "Play this match here",
               "Start the chosen match on this laptop (Event menu) with the players, medical "
               "centers, age groups and the division's rules filled in; its result comes back "
               "to the bracket when the official confirms it.", "Match"),
    ActionSpec("match_result", "Enter the &result...", "Ctrl+R", "Enter the result",
               "Enter the result of a match played on a physical board, game by game.", "Match"),
    ActionSpec("match_walkover", "&Walkover...", "Ctrl+Shift+W", "Walkover",
               "The opponent did not come: the competitor who came wins by walkover.", "Match"),
    ActionSpec("match_correct", "C&orrect the result...", "Ctrl+E", "Correct the result",
               "Correct a finished match's result; the later matches it affects are said before "
               "you confirm.", "Match"),
    ActionSpec("match_withdraw", "W&ithdraw a competitor...", "", "Withdraw a competitor",
               "Withdraw a competitor of the chosen match; their next match is a walkover.",
               "Match"),
    ActionSpec("read_next_matches", "&Next matches", "N", "Next matches",
               "Read the division's matches still to be played.", "Read"),
    ActionSpec("read_standings", "&Standings", "S", "Standings",
               "Read the division's gold, silver, bronze and fourth.", "Read"),
    ActionSpec("read_path", "Competitor's &path", "P", "Competitor's path",
               "Read the matches of both competitors of the match at the cursor.",
               "Read"),
    ActionSpec("read_division", "The &division", "D", "The division",
               "Say the division: competitors, the draw seed, the same-center pairs.", "Read"),
    ActionSpec("bracket_zoom_in", "Zoom &in", "Ctrl++", "Zoom in",
               "Magnify the drawn bracket, up to 400 percent.", "View"),
    ActionSpec("bracket_zoom_out", "Zoom &out", "Ctrl+-", "Zoom out",
               "Make the drawn bracket smaller, down to 50 percent.", "View"),
    ActionSpec("bracket_zoom_reset", "&Actual size", "Ctrl+0", "Actual size",
               "The drawn bracket at 100 percent.", "View"),
    ActionSpec("bracket_text_larger", "&Larger text", "Ctrl+Shift+Up", "Larger text",
               "The app's text larger, up to 300 percent, as in the main window's View menu: "
               "the list, the drawn bracket's type and every window grow with it.", "View"),
    ActionSpec("bracket_text_smaller", "&Smaller text", "Ctrl+Shift+Down", "Smaller text",
               "The app's text smaller again, down to 100 percent.", "View"),
)

BOARD_KEYS: tuple[KeySpec, ...] = (
    KeySpec("Up, Down", "Move the cursor to the row above or below (the square number goes down or "
            "up by four). At the edge of the board you hear so."),
    KeySpec("Left, Right", "Move the cursor along the row, over the playing squares."),
    KeySpec("Home, Page Up, End, Page Down", "Move the cursor diagonally, the way the pieces "
            "move: up-left, up-right, down-left, down-right on the screen (the 7, 9, 1 and 3 "
            "keys of the number pad with Num Lock off)."),
    KeySpec("Shift+Home, Shift+Page Up, Shift+End, Shift+Page Down", "Move the piece under "
            "the cursor that way at once: a step, or a jump over the piece there (several jumps: "
            "press again from where it landed). Nothing is picked up when it cannot go that way."),
    KeySpec("Enter, Space", "Pick up the piece under the cursor; on a destination, put it down and "
            "play the move. On the picked-up piece again, put it back. In a jump with several paths to "
            "the same square, go first to a square the piece passes through."),
    KeySpec("Escape", "Put the picked-up piece back; while typing a move, go back to the "
            "board's keys."),
    KeySpec("Digits, then Enter", "Type a square number (1 to 32) and press Enter to move the cursor "
            "there. Each digit is said as you type it, with the digits before it (\"1\", then "
            "\"10\"); Backspace takes the last one back."),
    KeySpec("Digits, then - or x", "Type a move on the board, such as 11-15 or 22x15: the minus "
            "sign or the x carries it into the move box, where Enter plays it."),
    KeySpec("Tab, Shift+Tab", "Go between the board, the move box and the other controls."),
)


def action_spec(action_id: str) -> ActionSpec:
    """The spec of ``action_id``; raises ``KeyError`` quoting the id when there is none."""
    for spec in ACTIONS:
        if spec.id == action_id:
            return spec
    raise KeyError(action_id)


def native_shortcut(spec: ActionSpec) -> str:
    """The shortcut as the platform writes it ("Ctrl+N", on macOS "⌘N")."""
    return QKeySequence(spec.shortcut).toString(QKeySequence.SequenceFormat.NativeText)


def make_action(spec: ActionSpec, parent: QWidget) -> QAction:
    """The ``QAction`` of one spec: its text, shortcut, accessible name (tool tip) and help text
    (status tip and What's This), parented to ``parent``. The trigger is connected by the caller."""
    action = QAction(spec.text, parent)
    action.setObjectName(spec.id)
    if spec.shortcut:
        action.setShortcut(QKeySequence(spec.shortcut))
    action.setToolTip(spec.accessible_name)
    action.setStatusTip(spec.help_text)
    action.setWhatsThis(spec.help_text)
    action.setCheckable(spec.checkable)
    return action


def create_actions(parent: QWidget) -> dict[str, QAction]:
    """One ``QAction`` per spec of :data:`ACTIONS`, parented to ``parent``, keyed by id."""
    return {spec.id: make_action(spec, parent) for spec in ACTIONS}


def keyboard_help_rows() -> list[tuple[str, str]]:
    """(keys, what they do) for every key of the app: board keys first, then the commands."""
    rows = [(k.keys, k.help_text) for k in BOARD_KEYS]
    rows += [(spec.shortcut, f"{spec.accessible_name}. {spec.help_text}")
             for spec in ACTIONS + EVENT_ACTIONS if spec.shortcut]
    rows += [(spec.shortcut, f"{spec.accessible_name}. {spec.help_text}")
             for spec in TOURNAMENT_ACTIONS if spec.shortcut]
    rows += [(spec.shortcut, f"In the bracket window: {spec.accessible_name}. {spec.help_text}")
             for spec in BRACKET_ACTIONS if spec.shortcut]
    rows += [(f"{spec.menu} menu", f"{spec.accessible_name}. {spec.help_text}")
             for spec in TOURNAMENT_ACTIONS if not spec.shortcut]
    return rows


def keyboard_help_markdown() -> str:
    """The text of ``accessibility/keyboard.md``."""
    lines = [
        "# Keyboard commands",
        "",
        "Generated from `checkers_desktop/ui/actions.py` (`python -m checkers_desktop.ui.actions` "
        "prints it); a test checks this file against it. The same list is in the app under "
        "Help > Keyboard commands (F1).",
        "",
        "The board is 32 squares, numbered 1 to 32 as in every checkers book: 1 to 4 are Black's "
        "home row, 29 to 32 Red's. Against the computer the board is turned so that your own side "
        "is at the bottom (playing Black, squares 1 to 4 are the bottom row; playing Red, 29 to 32); "
        "the arrow keys and Read the board follow the screen. The keyboard cursor is the "
        "focused square; your screen reader reads it as you move, for example \"11, black man\".",
        "",
        "## On the board",
        "",
        "| Keys | What they do |",
        "| --- | --- |",
    ]
    lines += [f"| {k.keys} | {k.help_text} |" for k in BOARD_KEYS]
    lines += ["", "## Commands (anywhere in the window)", "", "| Keys | Command | What it does |",
              "| --- | --- | --- |"]
    lines += [f"| {spec.shortcut} | {spec.accessible_name} | {spec.help_text} |"
              for spec in ACTIONS + EVENT_ACTIONS if spec.shortcut]
    lines += [f"| {spec.shortcut} | {spec.accessible_name} | {spec.help_text} |"
              for spec in TOURNAMENT_ACTIONS if spec.shortcut]
    lines += bracket_keys_markdown()  # the bracket window's own keys
    lines += menu_only_markdown()  # the organiser's commands without a key
    lines += speech_settings_markdown()  # the Speech menu's settings
    return "\n".join(lines) + "\n"


def bracket_keys_markdown() -> list[str]:
    """Lines of keyboard.md for the bracket window (Tournament, Show the bracket, F7)."""
    lines = ["", "## In the bracket window (Tournament, Show the bracket, F7)", "",
             "The list of matches is a tree: the division, its rounds, each match, and under a "
             "match its two competitors. Up and Down go from line to line, Right opens a round "
             "or a match, Left closes it. These keys work only in the bracket window; a letter "
             "key does the same with Shift held (Shift+S reads the standings too).", "",
             "| Keys | Command | What it does |", "| --- | --- | --- |"]
    lines += [f"| {spec.shortcut} | {spec.accessible_name} | {spec.help_text} |"
              for spec in BRACKET_ACTIONS if spec.shortcut]
    return lines


def menu_only_markdown() -> list[str]:
    """Lines of keyboard.md for the Tournament and Settings menus' commands that have no key
    (the organiser starts there: Open this laptop's tournament makes one the first time); Help >
    Keyboard commands lists them too, as "Tournament menu: ...", so the organiser finds them."""
    lines = ["", "## In the menus only (no key)", "",
             "Open the menu with Alt and its underlined letter, then the arrow keys; Enter "
             "chooses.", "", "| Menu | Command | What it does |", "| --- | --- | --- |"]
    lines += [f"| {spec.menu} | {spec.accessible_name} | {spec.help_text} |"
              for spec in TOURNAMENT_ACTIONS if not spec.shortcut]
    return lines


# --- the speech and sound settings in keyboard.md (menus built by main_window) ---------
SPEECH_SETTINGS_MENU = "Speech"
"""The menu holding the speech and sound settings submenus (Alt+S opens it)."""


def speech_settings_markdown() -> list[str]:
    """Lines of keyboard.md describing the settings submenus of the Speech menu, from settings.py."""
    from .settings import CHOICES, MENU_TITLES, SOUND_MUTED, SPEECH_SPECS

    lines = ["", "## Speech and sound settings (Speech menu, Alt+S)", "",
             "Open the Speech menu with Alt+S, go down to a submenu with the arrow keys, Right "
             "opens it, Enter chooses. Your choice is said and remembered.", "",
             "| Menu item | What it sets | Choices | Default |", "| --- | --- | --- | --- |"]
    for spec in SPEECH_SPECS:
        options = CHOICES.get(spec.key)
        if options:
            choices = "; ".join(label for _, label in options)
            default = next((label for value, label in options if value == spec.default),
                           str(spec.default))
        elif spec.type is bool:
            choices, default = "on, off (a check item)", "on" if spec.default else "off"
        else:
            choices, default = "the voices of your speech engine", "the system's voice"
        title = MENU_TITLES[spec.key].replace("&", "")
        lines.append(f"| {title} | {spec.help_text} | {choices} | {default} |")
    return lines
# --- end of the speech and sound settings --------------------------------------------------------------------


if __name__ == "__main__":  # pragma: no cover - prints the keyboard map
    print(keyboard_help_markdown(), end="")
