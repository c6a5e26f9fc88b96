#!/usr/bin/env python3
"""Scores positions for gc9-fit-eval with a reference UCI engine (Fairy-Stockfish by default).

The reference plays itself from random openings: four random plies, then now and then (8% of
one side's moves up to ply 60) a random move for variety, otherwise its best move at --depth.
Each position it searched becomes one `FEN|score|bestmove` line, the score in its centipawns
from the side to move's view. A game ends at a mate score, a score beyond 15 pawns, or ply 300.
Lines are appended and flushed after each game, so an interrupted run keeps what it scored.

  engine/fit/score_positions.py --variant grand --games 3000 --depth 8 --seed 1 --out grand.txt
"""
import argparse
import random
import subprocess
import sys
import time


class Engine:
    def __init__(self, path, variant):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.send("uci")
        # The UCI_Variant option lists every variant the engine knows (`var NAME`); one it does
        # not know would be ignored without a word.
        known = [l for l in self.read_until("uciok") if l.startswith("option name UCI_Variant ")]
        if not known or (" var %s " % variant) not in known[0] + " ":
            sys.exit("score_positions: %s does not know variant %s" % (path, variant))
        self.send("setoption name UCI_Variant value " + variant)
        self.send("setoption name Hash value 16")
        self.send("isready")
        self.read_until("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def read_until(self, prefix):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit("score_positions: the engine exited")
            lines.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return lines

    def legal_moves(self):
        self.send("go perft 1")
        return [l.split(":")[0] for l in self.read_until("Nodes searched")
                if ":" in l and not l.startswith("Nodes")]

    def fen(self):
        self.send("d")
        return next(l[5:] for l in self.read_until("Checkers") if l.startswith("Fen: "))

    def search(self, depth):
        """(score kind, value, best move) of a search to `depth`."""
        self.send("go depth %d" % depth)
        lines = self.read_until("bestmove")
        score = None
        for line in lines:
            words = line.split()
            if "score" in words:
                i = words.index("score")
                score = (words[i + 1], int(words[i + 2]))
        return score, lines[-1].split()[1]


def play_game(engine, rng, depth, game, out):
    moves, scored = [], 0
    engine.send("ucinewgame")
    for ply in range(300):
        engine.send("position startpos moves " + " ".join(moves))
        if ply < 4 or (ply < 60 and ply % 2 == game % 2 and rng.random() < 0.08):
            legal = engine.legal_moves()
            if not legal:
                break
            moves.append(rng.choice(legal))
            continue
        fen = engine.fen()
        score, best = engine.search(depth)
        if best == "(none)" or score is None or score[0] == "mate":
            break
        out.write("%s|%d|%s\n" % (fen, score[1], best))
        scored += 1
        if abs(score[1]) > 1500:
            break
        moves.append(best)
    out.flush()
    return scored


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", required=True, help="the reference's UCI_Variant name")
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", required=True, help="file the lines are appended to")
    parser.add_argument("--engine", default="/usr/games/fairy-stockfish")
    args = parser.parse_args()
    if args.games < 1 or not 1 <= args.depth <= 30:
        parser.error("--games must be positive and --depth within 1..30")
    engine = Engine(args.engine, args.variant)
    rng = random.Random(args.seed)
    start, positions = time.time(), 0
    with open(args.out, "a") as out:
        for game in range(args.games):
            positions += play_game(engine, rng, args.depth, game, out)
            elapsed = time.time() - start
            left = elapsed / (game + 1) * (args.games - game - 1)
            print("\rgame %d of %d, %d positions, %.0f s left " % (game + 1, args.games, positions, left),
                  end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    engine.send("quit")


if __name__ == "__main__":
    main()
