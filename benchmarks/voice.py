"""Voice-command benchmark: accuracy, wrong moves and decoding latency on synthetic speech.

Renders a corpus with espeak-ng (3+ voices, 2 speaking rates), decodes every utterance clean and
with white noise added at about 10 dB SNR, through the app's own path (WAV -> SpeechRecognition
AudioData -> VoiceRecognizer.decode), and prints:

- accuracy: share of move, jump, pick-up and command utterances decoded to exactly what was said;
- wrong-move share: share of all utterances (including illegal moves, other speech and noise)
  that produced a move other than the one said, with confirmation off, and with confirmation on
  (the player then answers "no", which must also be misheard as "yes" for the move to be played);
- wrong pick-up share: the same for "pick up N" results naming another piece than the one said,
  which under strict touch-move bind the player to that piece (the app then asks for "yes" first
  when every move is confirmed);
- decoding latency per utterance (median, 95th percentile), and the same for SpeechRecognition's
  own ``recognize_sphinx`` (pocketsphinx with its general language model, no grammar) on a sample,
  as the peer run in the same process.

Aims (issue 5): accuracy >= 95 % clean, >= 85 % noise, wrong moves 0, latency p95 < 300 ms.
The recogniser's settings were tuned on seed 7 and checked on seed 5 (the default); the HMM beam
was widened after a wrong move on seed 11, and the margin for binding pick-ups set on seeds 5, 7,
11 and 13; seed 17 was first run after all of that. The noise is steady white noise, which the recogniser's noise
removal suits; ``--babble`` adds a third condition, three other talkers in the background (at
10 dB SNR unless ``--babble-snr`` says otherwise), which noise removal cannot take out (reported,
no aim set).

Usage: python benchmarks/voice.py [--quick] [--seed N] [--show-errors] [--profile va-standard]
                                  [--babble [--babble-snr DB]]
Needs espeak-ng on PATH. Plain Python: no numpy.
"""

from __future__ import annotations

import argparse
import array
import io
import math
import random
import statistics
import subprocess
import sys
import time
import wave
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import speech_recognition as sr  # noqa: E402

from checkers_desktop.rules import Board  # noqa: E402
from checkers_desktop.rules.profiles import get_profile  # noqa: E402
from checkers_desktop.speech.voice.grammar import (available_commands,  # noqa: E402
                                                   diagonal_pairs, square_words)
from checkers_desktop.speech.voice.recognizer import VoiceRecognizer  # noqa: E402

VOICES = ("en-us", "en", "en-us+f2", "en-us+m3")
RATES = (140, 180)
SNR_DB = 10.0
OTHER_SPEECH = ("what a lovely day", "where did I put my glasses", "banana split",
                "I think so", "good game", "hello there", "is it my turn yet", "hold on a second",
                "pass me the water please", "nice move", "can you hear me", "let me think")


@dataclass
class Item:
    fen: str
    text: str
    kind: str          # move | pick-up | command | illegal | other | noise
    expected: str      # result_text() expected ("11-15", "read-board", "pick-up 11", "?")
    selected: int | None = None


def render(text: str, voice: str, rate: int) -> tuple[bytes, int]:
    """espeak-ng speech as 16-bit mono PCM and its sample rate."""
    out = subprocess.run(["espeak-ng", "-v", voice, "-s", str(rate), "--stdout", text],
                         check=True, capture_output=True).stdout
    with wave.open(io.BytesIO(out)) as w:
        return w.readframes(w.getnframes()), w.getframerate()


def with_padding_and_noise(pcm: bytes, rate: int, snr_db: float | None, rng: random.Random
                           ) -> bytes:
    """0.3 s of silence either side (as a push-to-talk capture has), plus white noise at
    ``snr_db`` relative to the speech's RMS (None: clean)."""
    speech = array.array("h", pcm)
    pad = array.array("h", bytes(2 * int(0.3 * rate)))
    samples = pad + speech + pad
    if snr_db is None:
        return samples.tobytes()
    power = sum(s * s for s in speech) / max(len(speech), 1)
    sigma = math.sqrt(power / (10 ** (snr_db / 10)))
    noisy = array.array("h", (max(-32768, min(32767, int(s + rng.gauss(0, sigma))))
                              for s in samples))
    return noisy.tobytes()


BABBLE_VOICES = ("en-us+m3", "en+f3", "en-us+f4")
"""Voices of the background talkers in the babble condition (not the corpus's first three)."""


def babble_track(rate: int, rng: random.Random) -> array.array:
    """About 10 s of three people talking at once (the OTHER_SPEECH sentences in voices of
    :data:`BABBLE_VOICES`, each talker in their own shuffled order), as 16-bit samples at
    ``rate`` Hz: the hall's voices for the babble condition."""
    tracks = []
    for voice in BABBLE_VOICES:
        samples = array.array("h")
        sentences = list(OTHER_SPEECH)
        rng.shuffle(sentences)
        for sentence in sentences:
            pcm, r = render(sentence, voice, 160)
            if r != rate:
                raise RuntimeError(f"espeak-ng gave {r} Hz for {voice!r}, expected {rate}")
            samples += array.array("h", pcm) + array.array("h", bytes(2 * rng.randrange(rate // 4)))
        tracks.append(samples)
    n = min(len(t) for t in tracks)
    return array.array("h", (max(-32768, min(32767, sum(t[i] for t in tracks)))
                             for i in range(n)))


def with_padding_and_babble(pcm: bytes, rate: int, snr_db: float, babble: array.array,
                            rng: random.Random) -> bytes:
    """0.3 s of silence either side, plus a random stretch of ``babble`` scaled to ``snr_db``
    below the speech's power."""
    speech = array.array("h", pcm)
    pad = array.array("h", bytes(2 * int(0.3 * rate)))
    samples = pad + speech + pad
    start = rng.randrange(max(1, len(babble) - len(samples)))
    stretch = babble[start:start + len(samples)]
    power = sum(s * s for s in speech) / max(len(speech), 1)
    noise_power = sum(s * s for s in stretch) / max(len(stretch), 1)
    gain = math.sqrt(power / (10 ** (snr_db / 10)) / max(noise_power, 1.0))
    return array.array("h", (max(-32768, min(32767, int(s + gain * b)))
                             for s, b in zip(samples, stretch))).tobytes()


def positions(rng: random.Random, count: int) -> list[Board]:
    """Positions from seeded random games, with jumps and multi-jumps well represented."""
    boards, jumps, multi = [Board()], [], []
    while len(boards) + len(jumps) + len(multi) < 20 * count:
        b = Board()
        for _ in range(rng.randrange(4, 60)):
            moves = b.legal_moves
            if not moves:
                break
            b.push(rng.choice(moves))
            snap = b.copy(stack=False)
            legal = snap.legal_moves
            if not legal:
                continue
            if any(len(m.path) > 2 for m in legal):
                multi.append(snap)
            elif legal[0].is_capture:
                jumps.append(snap)
            else:
                boards.append(snap)
    rng.shuffle(boards)
    rng.shuffle(jumps)
    out = boards[: count // 2] + jumps[: count // 4] + multi[: count - count // 2 - count // 4]
    rng.shuffle(out)
    return out


def move_phrase(move, rng: random.Random) -> str:
    words = [square_words(sq) for sq in move.path]
    if not move.is_capture:
        form = rng.choice(("{a} to {b}", "move {a} to {b}", "{a} {b}"))
        return form.format(a=words[0], b=words[1])
    join = rng.choice(("takes", "jumps", "to"))
    return f" {join} ".join(words)


def corpus(rng: random.Random, n_positions: int) -> list[Item]:
    items = []
    for board in positions(rng, n_positions):
        fen, legal = board.fen(), board.legal_moves
        for move in rng.sample(legal, min(2, len(legal))):
            items.append(Item(fen, move_phrase(move, rng), "move", move.pdn()))
        command = rng.choice(available_commands(None))
        items.append(Item(fen, rng.choice(command.phrases), "command", command.name))
        sq = rng.choice(sorted({m.from_square for m in legal}))
        items.append(Item(fen, f"pick up {square_words(sq)}", "pick-up", f"pick-up {sq}"))
        targets = [m for m in legal if m.from_square == sq
                   and sum(1 for o in legal if o.from_square == sq and o.to_square == m.to_square)
                   == 1]
        if targets:
            m = rng.choice(targets)
            items.append(Item(fen, square_words(m.to_square), "square",
                              f"square {m.to_square}", selected=sq))
        legal_pairs = {(m.from_square, m.to_square) for m in legal}
        illegal = [p for p in diagonal_pairs(1) + diagonal_pairs(2) if p not in legal_pairs]
        a, b = rng.choice(illegal)
        items.append(Item(fen, f"{square_words(a)} to {square_words(b)}", "illegal", "?"))
        if rng.random() < 0.5:
            items.append(Item(fen, rng.choice(OTHER_SPEECH), "other", "?"))
    return items


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a small corpus for a smoke run")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--show-errors", action="store_true")
    parser.add_argument("--voices", default=",".join(VOICES[:3]))
    parser.add_argument("--babble", action="store_true",
                        help="also decode every utterance with three other talkers in the "
                             "background at the same SNR (no aim is set for it)")
    parser.add_argument("--babble-snr", type=float, default=SNR_DB,
                        help="SNR of the babble condition in dB (default %(default)s)")
    parser.add_argument("--profile", default=None,
                        help="rule profile key the player is under (default: practice, no "
                             "touch-move); va-standard makes pick-ups binding")
    args = parser.parse_args(argv)
    profile = get_profile(args.profile) if args.profile else None
    rng = random.Random(args.seed)
    voices = args.voices.split(",")
    items = corpus(rng, 4 if args.quick else 16)
    allowed = {c.name for c in available_commands(profile)}
    for item in items:  # undo and hint said where the profile has none must be refused
        if item.kind == "command" and item.expected not in allowed:
            item.kind, item.expected = "not-now", "?"
    recognizer = VoiceRecognizer()
    recognizer.warm_up()
    no_pcm = {}
    # its own random numbers, so that the corpus's noise does not depend on what was misheard
    no_rng = random.Random(args.seed + 1)
    rows = []   # (condition, item, voice, rate, result_text, seconds, wrong_move,
    #              wrong_confirmed, wrong_pick_up)
    conditions = [("clean", None), ("noise", SNR_DB)] + ([("babble", args.babble_snr)]
                                                         if args.babble else [])
    babble_rng = random.Random(args.seed + 2)  # its own: clean and noise stay as without it
    babble = None
    for condition, snr in conditions:
        for voice in voices:
            for rate in RATES:
                for item in items:
                    pcm, sr_rate = render(item.text, voice, rate)
                    if condition == "babble":
                        if babble is None:
                            babble = babble_track(sr_rate, babble_rng)
                        pcm = with_padding_and_babble(pcm, sr_rate, snr, babble, babble_rng)
                    else:
                        pcm = with_padding_and_noise(pcm, sr_rate, snr, rng)
                    audio = sr.AudioData(pcm, sr_rate, 2)
                    board = Board(item.fen)
                    result = recognizer.decode(audio, board, profile, selected=item.selected)
                    got = result.result_text()
                    wrong = result.move is not None and got != item.expected
                    # a pick-up of another piece than the one said: harmless under liberal
                    # touch-move, but under strict touch-move it binds the player to that piece
                    wrong_touch = result.kind == "pick-up" and got != item.expected
                    confirmed = False
                    if wrong or wrong_touch:
                        key = (condition, voice, rate)
                        if key not in no_pcm:
                            p, r = render("no", voice, rate)
                            said = (with_padding_and_babble(p, r, snr, babble, no_rng)
                                    if condition == "babble"
                                    else with_padding_and_noise(p, r, snr, no_rng))
                            no_pcm[key] = sr.AudioData(said, r, 2)
                        answer = recognizer.decode(no_pcm[key], board, profile, confirming=True)
                        confirmed = answer.command == "yes"
                    rows.append((condition, item, voice, rate, got, result.seconds, wrong,
                                 confirmed, wrong_touch))
                    if args.show_errors and got != item.expected:
                        print(f"  [{condition} {voice} {rate}] said {item.text!r} "
                              f"({item.expected}) got {got} heard {result.heard!r}"
                              f"{'  WRONG MOVE' if wrong else ''}"
                              f"{'  WRONG PICK-UP' if wrong_touch else ''}", file=sys.stderr)

    positive = ("move", "command", "pick-up", "square")
    print(f"voice benchmark: {len(items)} utterances x {len(voices)} voices ({', '.join(voices)})"
          f" x {len(RATES)} rates ({', '.join(map(str, RATES))} wpm), clean and white noise at "
          f"{SNR_DB:g} dB SNR"
          f"{f'; babble (3 talkers) at {args.babble_snr:g} dB SNR' if args.babble else ''};"
          f" {len(rows)} decodes; profile "
          f"{profile.key if profile else 'none (practice)'}")
    print(f"{'condition':10} {'utterances':>10} {'accuracy':>9} {'moves':>7} {'commands':>9}"
          f" {'rejected':>9} {'wrong-move':>11} {'wrong-pick':>11} {'wrong+conf':>11}"
          f" {'p50 ms':>7} {'p95 ms':>7}")
    for condition, _ in conditions:
        sub = [r for r in rows if r[0] == condition]
        pos = [r for r in sub if r[1].kind in positive]
        acc = sum(r[4] == r[1].expected for r in pos) / len(pos)
        mv = [r for r in pos if r[1].kind in ("move", "square", "pick-up")]
        cm = [r for r in pos if r[1].kind == "command"]
        neg = [r for r in sub if r[1].kind not in positive]
        rejected = sum(r[4] == "?" for r in neg) / max(len(neg), 1)
        wrong = sum(r[6] for r in sub) / len(sub)
        wrong_pick = sum(r[8] for r in sub) / len(sub)
        wrong_conf = sum(r[7] for r in sub) / len(sub)
        lat = [r[5] * 1000 for r in sub]
        print(f"{condition:10} {len(sub):>10} {acc:>8.1%} "
              f"{sum(r[4] == r[1].expected for r in mv) / len(mv):>7.1%} "
              f"{sum(r[4] == r[1].expected for r in cm) / len(cm):>9.1%} {rejected:>9.1%} "
              f"{wrong:>11.2%} {wrong_pick:>11.2%} {wrong_conf:>11.2%} "
              f"{statistics.median(lat):>7.0f} "
              f"{percentile(lat, 0.95):>7.0f}")
    print("accuracy: moves, jumps, pick-ups, put-downs and commands said, decoded exactly;"
          " rejected: illegal moves and other speech refused (result '?');\n"
          "wrong-move / wrong-pick: share of all utterances that gave a move, or a pick-up, other"
          " than the one said (confirmation off); wrong+conf: either of them, with the player's"
          " 'no' to the confirmation question also misheard as 'yes'")

    # Peer: SpeechRecognition's recognize_sphinx (general language model, no grammar).
    sample = [r for r in rows if r[0] == "clean"][:: max(1, len(rows) // 40)][:10]
    peer_times, ours = [], []
    recog = sr.Recognizer()
    for _, item, voice, rate, *_ in sample:
        pcm, sr_rate = render(item.text, voice, rate)
        audio = sr.AudioData(with_padding_and_noise(pcm, sr_rate, None, rng), sr_rate, 2)
        start = time.perf_counter()
        try:
            recog.recognize_sphinx(audio)
        except Exception:  # peer failures do not matter here, only its time
            pass
        peer_times.append(time.perf_counter() - start)
        ours.append(recognizer.decode(audio, Board(item.fen)).seconds)
    # One decoder per recognizer with the grammar swapped per position, against a new decoder.
    starts = []
    for _ in range(3):
        t = time.perf_counter()
        VoiceRecognizer().warm_up()
        starts.append(time.perf_counter() - t)
    swaps = []
    for board in positions(random.Random(1), 20):
        t = time.perf_counter()
        recognizer._activate(recognizer._decoder, board, None, None, False)
        swaps.append(time.perf_counter() - t)
    print(f"new decoder: median {statistics.median(starts) * 1000:.0f} ms; grammar built and "
          f"swapped in: median {statistics.median(swaps) * 1000:.1f} ms "
          f"({statistics.median(starts) / statistics.median(swaps):.0f}x cheaper)")
    if peer_times:
        ratio = statistics.median(peer_times) / statistics.median(ours)
        print(f"peer recognize_sphinx (no grammar), {len(sample)} clean utterances: median "
              f"{statistics.median(peer_times) * 1000:.0f} ms vs ours "
              f"{statistics.median(ours) * 1000:.0f} ms (ours {ratio:.1f}x faster)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
