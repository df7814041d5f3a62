"""Every sentence the app shows or speaks, as pure functions by topic (no Qt, no speech library).

- :mod:`.words`: the small pieces every sentence uses (side names, lists, plurals, durations).
- :mod:`.game`: moves, turns, refusals, picking up and putting down, results, the game's state.
- :mod:`.touch`: touch-move (VA rulebook 4:00 s1, s1-VI).
- :mod:`.clock`: clock events, penalties due, the clocks reading.
- :mod:`.reading`: the reading commands (the board, pieces, counts, moves, the rules in force).
- :mod:`.review`: hints, taking back, the review after a practice game.
- :mod:`.event`: a match at the table (coin flip, named results, penalties, draws, score).
- :mod:`.official`: the official's actions and the questions asked first.
- :mod:`.voice`: voice commands.
- :mod:`.app`: the window and its settings, saving and resuming, files, failures.
- :mod:`.tournament`: the tournament: calls, results, the bracket read aloud, the table's link to
  the tournament server, the organiser's questions.

One wording per message: a sentence is written in one function and used from there. Squares
(1-32, the standard numbering of WCDF rules 1.4) are digits where a screen reader or Braille
display reads them best ("11, black man") and words in announced moves ("eleven to fifteen", see
:mod:`checkers_desktop.speech.spoken`). Functions that put a number in a sentence for both the ear
and paper take ``spoken`` (True: words, False: digits).
"""
