#include "engine/bench.h"

#include <atomic>
#include <chrono>
#include <vector>

#include "absl/strings/str_cat.h"
#include "common/status_macros.h"
#include "engine/boards.h"
#include "engine/game.h"
#include "engine/tt.h"
#include "engine/variant_catalog.h"

namespace gc9::engine {

const std::vector<BenchPosition>& BenchPositions() {
  static const std::vector<BenchPosition> positions = {
      // Start positions (placement still to come where the variant has one), then positions
      // from quick self-play games after 14 and 28 plies.
      {"chess8400", "bbqmnnrkr/ppppppppp/9/9/9/9/9/PPPPPPPPP/BBQMNNRKR w KQkq - 0 1"},
      {"chess8400", "b3nnrkr/3pppppp/9/mpq6/9/MP7/4N4/P2PbPPPP/BB2N1RKR w KQkq - 0 8"},
      {"chess8400", "r6kr/3p1pppp/3nn4/1p1b5/9/6P2/2BNN4/P2P1P1PP/6RKR w KQk - 1 15"},
      {"grand", "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1"},
      {"grand",
       "r8r/1n1qk2bn1/ppp1pp2pp/5ap3/3p1b1p2/3P3P2/2P3P3/PP2PP2PP/1NBQK1ABN1/R8R w - - 1 8"},
      {"grand", "r8r/4ka2n1/1ppn1p2pp/5qp3/p2Pp2p2/P3PP1P1P/2P3Q3/1P4B1P1/4K1A1N1/R8R w - - 2 21"},
      {"grandchess9", "rcnsqkbcr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RCNSQKBCR[PPpp] w - - 0 1"},
      {"grandchess9", "rc2qkbcr/1pp1ppppp/3npp3/p2p5/9/P8/2P1PPP2/1PP1PPCPP/RCN1QKB1R w - - 1 7"},
      {"grandchess9",
       "rc3kb2/1pp1ppc1p/2qnppp2/p2p3rP/P6p1/1P5P1/2P1PPP2/2PQPPC2/RCN2KB1R w - - 3 14"},
      {"grandchess9-app", "rbnskqbnr/ppppcpppp/9/9/9/9/9/PPPPCPPPP/RNBQKSNBR[PPpp] w - - 0 1"},
      {"grandchess9-app",
       "r3kqbnr/pp1pcpppp/1npbpp3/5s3/9/P5P2/2NPP1S2/1PPPCPBPP/R1BQK1N1R w - - 3 7"},
      {"grandchess9-app",
       "2r1kqb1r/pp1c1pp2/3pppnp1/P1p6/R4nP1p/1P3P2P/2NPP2P1/1BPP5/3QKCN1R w - - 0 20"},
      {"grandchess9-fullshield",
       "rcnsqkbcr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RCNSQKBCR[PPpp] w - - 0 1"},
      {"grandchess9-fullshield",
       "1c3k3/1pp1ppc1p/r2qppp1b/p5nr1/P1Q4p1/1P5P1/R3PPP2/2P1PPC2/1CN2KB1R w - - 1 20"},
      {"grandchess9-noshield",
       "rcn2kbcr/1pp1ppppp/2q1pp3/p2ps4/9/P8/2SPPPP2/1PP1PPCPP/RCN1QKB1R w - - 3 7"},
      {"grandchess9-noshield",
       "1c3kbcr/2p2pp2/2pnpp3/3p4p/P2rp2pP/1P1P3P1/3NPPP2/4PPC2/RC3KB1R w - - 0 20"},
      // Granlem Shatranj on the wide board: the start, then composed positions of the oracle
      // tests (two-leg movers; a two-move mate; three leader sections).
      {"granlem",
       "lesm1ongkjgno1hsel/pppp1p1p2p1p1pppp/6p1pp1p6/18/18/18/18/18/18/6P1PP1P6/"
       "PPPP1P1P2P1P1PPPP/LESM1ONGKJGNO1HSEL w - - 0 1"},
      {"granlem", "17E/16k1/4s13/13p4/12g5/6G11/5S6E5/18/3e14/18/1K16/S17 w - - 0 1"},
      {"granlem-multimove", "k17/5J12/2G15/18/18/18/18/18/18/18/18/M16K w - - 0 1"},
      {"granlem-multimove", "2j5k5m3/18/3o7e6/18/18/18/4G13/18/4G2G10/15S2/18/K6M8H1 w - - 0 1"},
      {"modern", "rnbqkmbnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBMKQBNR w KQkq - 0 1"},
      {"modern", "rnb1kmb1r/ppp3ppp/1q3pn2/4p4/3pM4/5Q3/2N1P1N2/PPPP1PPPP/R1B1K1B1R w KQkq - 4 8"},
      {"modern", "rn3r1k1/1pp1m1pB1/5p1p1/p3p2Qp/6b1P/1PP3M2/P3P1P2/3P1Pq2/R3K1BR1 w Q - 0 21"},
  };
  return positions;
}

absl::StatusOr<BenchResult> RunBench(const ParamSnapshot& params, int depth,
                                     const std::function<void(absl::string_view)>& print) {
  TranspositionTable tt(TranspositionTable::kDefaultMegabytes);
  std::unique_ptr<BoardSearcher> narrow_searcher = narrow::NewSearcher(&tt);
  std::unique_ptr<BoardSearcher> wide_searcher = wide::NewSearcher(&tt);
  const std::atomic<bool> stop{false};
  SearchLimits limits;
  limits.depth = depth;
  BenchResult result;
  const auto start = std::chrono::steady_clock::now();
  int index = 0;
  for (const BenchPosition& bp : BenchPositions()) {
    ++index;
    ASSIGN_OR_RETURN(auto variant, BuiltinVariant(bp.variant));
    ASSIGN_OR_RETURN(std::unique_ptr<Game> game, Game::New(variant));
    RETURN_IF_ERROR(game->SetFen(bp.fen));
    tt.Clear();
    BoardSearcher& searcher =
        variant->board_kind() == BoardKind::kWide ? *wide_searcher : *narrow_searcher;
    searcher.Clear();
    const SearchResult r = searcher.Run(*game, limits, params, stop, nullptr);
    result.nodes += r.info.nodes;
    if (print) {
      print(absl::StrCat("Position ", index, "/", BenchPositions().size(), " ", bp.variant, " ",
                         bp.fen, ": bestmove ", r.best_uci, " nodes ", r.info.nodes));
    }
  }
  result.time_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                       std::chrono::steady_clock::now() - start)
                       .count();
  result.nps = result.nodes * 1000 / uint64_t(std::max<int64_t>(1, result.time_ms));
  return result;
}

}  // namespace gc9::engine
