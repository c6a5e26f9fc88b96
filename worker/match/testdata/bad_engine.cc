// A UCI engine that misbehaves on purpose, for the match library's tests. It plays the first
// legal move (by gc9's rules) until its Nth move of a process, then does what its mode says:
//   good      never misbehaves
//   illegal   plays a move that is not legal
//   abort     dies by SIGABRT
//   exit      exits with status 3
//   hang      never answers that go (nor stop)
//   garbage   prints junk, then a bestmove without a move
//   noisy     prints junk before every (legal) bestmove, which a GUI must ignore
//   flood     prints one endless line, without a newline, until it is killed
// Usage: gc9_bad_engine MODE [N=3] [ONCE_FILE]. With ONCE_FILE it misbehaves only if that
// file does not exist yet, and creates it: the restarted engine then plays normally.
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_split.h"
#include "engine/game.h"
#include "engine/variant_catalog.h"

namespace {

using gc9::engine::Game;

struct State {
  std::string mode = "good";
  int misbehave_at = 3;
  std::string once_file;
  std::string variant = "grand";
  int moves_played = 0;
  std::unique_ptr<Game> pos;
};

bool ShouldMisbehave(State& s) {
  if (s.mode == "good" || s.mode == "noisy") return false;
  if (s.moves_played + 1 < s.misbehave_at) return false;
  if (!s.once_file.empty()) {
    if (FILE* f = std::fopen(s.once_file.c_str(), "r")) {
      std::fclose(f);
      return false;
    }
    if (FILE* f = std::fopen(s.once_file.c_str(), "w")) std::fclose(f);
  }
  return true;
}

void SetPosition(State& s, const std::string& line) {
  auto variant = gc9::engine::BuiltinVariant(s.variant);
  if (!variant.ok()) return;
  s.pos.reset();
  auto game = Game::New(*variant);
  if (!game.ok()) return;
  std::string rest = line.substr(std::string("position ").size());
  std::string moves;
  size_t at = rest.find(" moves ");
  if (at != std::string::npos) {
    moves = rest.substr(at + 7);
    rest = rest.substr(0, at);
  }
  if (absl::StartsWith(rest, "fen ") && !(*game)->SetFen(rest.substr(4)).ok()) return;
  s.pos = *std::move(game);
  for (absl::string_view text : absl::StrSplit(moves, ' ', absl::SkipEmpty())) {
    if (!s.pos->Play(text).ok()) return;
  }
}

void Go(State& s) {
  if (ShouldMisbehave(s)) {
    if (s.mode == "illegal") {
      std::cout << "info depth 1 score cp 0\nbestmove a1a1" << std::endl;
      ++s.moves_played;
      return;
    }
    if (s.mode == "abort") std::abort();
    if (s.mode == "exit") std::exit(3);
    if (s.mode == "hang") return;
    if (s.mode == "flood") {
      const std::string chunk(65536, 'x');
      while (std::cout.write(chunk.data(), std::streamsize(chunk.size())) && std::cout.flush()) {
      }
      std::exit(0);
    }
    if (s.mode == "garbage") {
      std::cout << "\x01\x02 zzz\nbest move e2e4\nbestmove" << std::endl;
      return;
    }
  }
  if (s.mode == "noisy") std::cout << "hello there\n\ninfo string noise\nreadyok" << std::endl;
  std::string best = "0000";
  if (s.pos != nullptr) {
    const std::vector<std::string> legal = s.pos->LegalMoves();
    if (!legal.empty()) best = legal[0];
  }
  ++s.moves_played;
  std::cout << "info depth 1 nodes 1 score cp 0 pv " << best << "\nbestmove " << best << std::endl;
}

}  // namespace

int main(int argc, char** argv) {
  State s;
  if (argc > 1) s.mode = argv[1];
  if (argc > 2) s.misbehave_at = std::atoi(argv[2]);
  if (argc > 3) s.once_file = argv[3];
  std::string line;
  while (std::getline(std::cin, line)) {
    if (line == "uci") {
      std::cout << "id name bad_engine " << s.mode
                << "\noption name UCI_Variant type combo default grand";
      for (const std::string& name : gc9::engine::BuiltinVariantNames())
        std::cout << " var " << name;
      std::cout << "\nuciok" << std::endl;
    } else if (line == "isready") {
      std::cout << "readyok" << std::endl;
    } else if (absl::StartsWith(line, "setoption name UCI_Variant value ")) {
      s.variant = line.substr(std::string("setoption name UCI_Variant value ").size());
    } else if (absl::StartsWith(line, "position ")) {
      SetPosition(s, line);
    } else if (absl::StartsWith(line, "go")) {
      Go(s);
    } else if (line == "quit") {
      return 0;
    }
  }
  return 0;
}
