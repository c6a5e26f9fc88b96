#include "worker/match/match.h"

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "common/status_macros.h"
#include "engine/game.h"
#include "worker/match/adjudicator.h"
#include "worker/match/pgn.h"

namespace gc9::worker {
namespace {

using engine::Color;
using engine::kBlack;
using engine::kWhite;

using engine::Outcome;
using engine::WinFor;

const char* ColorName(Color c) { return c == kWhite ? "White" : "Black"; }

// PGN's Termination tag has a fixed vocabulary; gc9's own reason goes into the final comment.
const char* TerminationTag(const std::string& reason) {
  if (reason == "adjudicated-draw" || reason == "resign" || reason == "max-length") {
    return "adjudication";
  }
  if (reason == "illegal-move" || reason == "protocol-error") return "rules infraction";
  if (reason == "time-loss") return "time forfeit";
  if (reason == "crash") return "abandoned";
  return "normal";
}

// How long the mover may take before it has lost on time.
int64_t Deadline(const TimeControl& tc, int64_t mover_clock_ms) {
  if (tc.is_clock()) return mover_clock_ms + tc.margin_ms;
  if (tc.movetime_ms > 0) return tc.movetime_ms + tc.margin_ms;
  return tc.untimed_timeout_ms;
}

void End(GameRecord* record, Outcome result, std::string reason, std::string detail = "") {
  record->result = result;
  record->reason = std::move(reason);
  record->detail = std::move(detail);
}

// cutechess's move comment, score/depth and the time taken ("+0.35/12 0.412s", "-M3/9 1.020s"),
// then the clock left as PGN's %clk command where there is a clock, to a tenth of a second.
std::string MoveComment(const PlayerMove& move, std::optional<int64_t> clock_ms) {
  std::string comment;
  if (move.mate_in.has_value()) {
    comment = absl::StrCat(*move.mate_in > 0 ? "+M" : "-M", std::abs(*move.mate_in));
  } else if (move.score_cp.has_value()) {
    comment = absl::StrFormat("%+.2f", *move.score_cp / 100.0);
  }
  if (!comment.empty() && move.depth > 0) absl::StrAppend(&comment, "/", move.depth);
  if (!comment.empty()) comment.push_back(' ');
  absl::StrAppend(&comment, absl::StrFormat("%.3fs", move.elapsed_ms / 1000.0));
  if (clock_ms.has_value()) {
    const int64_t tenths = *clock_ms / 100;
    absl::StrAppend(&comment, absl::StrFormat(" [%%clk %d:%02d:%02d.%d]", tenths / 36000,
                                              tenths / 600 % 60, tenths / 10 % 60, tenths % 10));
  }
  return comment;
}

absl::Status WriteRecordPgn(const std::shared_ptr<const engine::Variant>& variant,
                            const SideTimeControls& tc, const MatchContext& context,
                            GameRecord* record) {
  PgnGame game;
  std::string date = context.date;
  if (date.empty()) date = absl::FormatTime("%Y.%m.%d", absl::Now(), absl::UTCTimeZone());
  game.tags = {
      {"Event", context.event.empty() ? "?" : context.event},
      {"Site", context.site.empty() ? "?" : context.site},
      {"Date", date},
      {"Round", context.round.empty() ? "-" : context.round},
      {"White", record->white},
      {"Black", record->black},
      {"Result", std::string(engine::OutcomeText(record->result))},
      // gc9's variant names are Fairy-Stockfish's where FSF knows the variant ("grand").
      {"Variant", variant->name()},
      // Every gc9 variant starts from other than chess's start, so FEN is always given.
      {"SetUp", "1"},
      {"FEN", record->start_fen},
      // "?" is PGN's unknown: the sides' own time controls follow in tags of their own.
      {"TimeControl", tc.shared() ? TimeControlTag(tc.side[kWhite]) : "?"},
      {"Termination", TerminationTag(record->reason)},
      {"PlyCount", absl::StrCat(record->moves.size())},
  };
  if (tc.shared()) {
    if (!tc.side[kWhite].is_clock()) {
      game.tags.emplace_back("GC9Limit", DescribeTimeControl(tc.side[kWhite]));
    }
  } else {
    // fastchess's and cutechess's tags for an odds game.
    game.tags.emplace_back("WhiteTimeControl", DescribeTimeControl(tc.side[kWhite]));
    game.tags.emplace_back("BlackTimeControl", DescribeTimeControl(tc.side[kBlack]));
  }
  game.start_fen = record->start_fen;
  game.moves = record->moves;
  game.move_comments = record->move_comments;
  game.result = std::string(engine::OutcomeText(record->result));
  game.termination_comment = record->reason;
  if (!record->detail.empty()) absl::StrAppend(&game.termination_comment, ": ", record->detail);
  ASSIGN_OR_RETURN(record->pgn, WritePgn(variant, game));
  return absl::OkStatus();
}

}  // namespace

int WhitePointsX2(Outcome result) {
  switch (result) {
    case Outcome::kWhiteWins:
      return 2;
    case Outcome::kBlackWins:
      return 0;
    case Outcome::kDraw:
      return 1;
  }
  return 1;
}

absl::StatusOr<GameRecord> PlayGame(const std::shared_ptr<const engine::Variant>& variant,
                                    const Opening& opening, Player& white, Player& black,
                                    const SideTimeControls& tc, const Adjudication& adjudication,
                                    const MatchContext& context) {
  RETURN_IF_ERROR(ValidateTimeControl(tc.side[kWhite]));
  RETURN_IF_ERROR(ValidateTimeControl(tc.side[kBlack]));
  ASSIGN_OR_RETURN(std::unique_ptr<engine::Game> game, engine::Game::New(variant));
  if (!opening.fen.empty()) {
    absl::Status status = game->SetFen(opening.fen);
    if (!status.ok()) {
      return absl::InvalidArgumentError(absl::StrCat("opening FEN: ", status.message()));
    }
  }
  GameRecord record;
  record.white = white.name();
  record.black = black.name();
  record.start_fen = game->Fen();
  // Opening moves are played as given: whole turns, or a multi-move variant's turns ply by
  // ply ("d2d4", "j1k3", "0000"), as long as the last turn is complete.
  for (const std::string& text : opening.moves) {
    absl::Status status = game->Play(text);
    if (!status.ok()) {
      return absl::InvalidArgumentError(absl::StrCat("opening move ", record.moves.size() + 1, " '",
                                                     text, "': ", status.message()));
    }
    record.moves.push_back(text);
  }
  record.opening_plies = int(record.moves.size());
  if (game->turn_moves() > 0) {
    return absl::InvalidArgumentError("the opening ends in the middle of a turn");
  }
  if (game->Result().end != engine::GameEnd::kOngoing) {
    return absl::InvalidArgumentError("the opening already ends the game");
  }

  RETURN_IF_ERROR(white.NewGame(variant));
  RETURN_IF_ERROR(black.NewGame(variant));

  int64_t clock_ms[2] = {tc.side[kWhite].base_ms, tc.side[kBlack].base_ms};
  ScoreAdjudicator scores(adjudication);
  // Every way a game ends gives its reason.
  while (record.reason.empty()) {
    if (context.cancel != nullptr && context.cancel->load()) {
      return absl::CancelledError("the game was cancelled");
    }
    if (adjudication.max_plies > 0 && int(record.moves.size()) >= adjudication.max_plies) {
      End(&record, Outcome::kDraw, "max-length");
      break;
    }
    const Color us = game->side_to_move();
    Player& mover = us == kWhite ? white : black;
    const TimeControl& our_tc = tc.side[us];
    GoRequest request;
    request.start_fen = record.start_fen;
    request.moves = record.moves;
    request.time_control = our_tc;
    // A side without a clock (an odds game of a clock against nodes) is shown the mover's.
    const int64_t clock_shown[2] = {tc.side[kWhite].is_clock() ? clock_ms[kWhite] : clock_ms[us],
                                    tc.side[kBlack].is_clock() ? clock_ms[kBlack] : clock_ms[us]};
    request.white_ms = clock_shown[kWhite];
    request.black_ms = clock_shown[kBlack];
    request.white_increment_ms = tc.side[kWhite].increment_ms;
    request.black_increment_ms = tc.side[kBlack].increment_ms;
    request.white_to_move = us == kWhite;
    request.deadline_ms = Deadline(our_tc, clock_ms[us]);
    ASSIGN_OR_RETURN(PlayerMove reply, mover.Go(request));

    if (reply.fault != PlayerMove::kNone) {
      End(&record, WinFor(~us), std::string(FaultName(reply.fault)),
          absl::StrCat(ColorName(us), ": ", reply.detail));
      break;
    }
    // The player's own deadline is a safety net; the clock is the rule.
    if (reply.elapsed_ms > request.deadline_ms) {
      End(&record, WinFor(~us), "time-loss",
          absl::StrCat(ColorName(us), " took ", reply.elapsed_ms, " ms of ", request.deadline_ms));
      break;
    }
    if (our_tc.is_clock()) {
      // Within the margin the clock stops at zero rather than going negative, so the engine
      // is not handed a negative time next move.
      clock_ms[us] = std::max<int64_t>(0, clock_ms[us] - reply.elapsed_ms) + our_tc.increment_ms;
    }
    const int fullmove = game->fullmove();
    // An engine's lone move that leaves its turn open is closed: every entry is a whole turn.
    absl::StatusOr<std::string> turn = game->PlayTurn(reply.uci);
    if (!turn.ok()) {
      End(&record, WinFor(~us), "illegal-move",
          absl::StrCat(ColorName(us), " played '", reply.uci, "': ", turn.status().message()));
      break;
    }
    record.moves.push_back(*std::move(turn));
    record.move_comments.resize(record.moves.size() - 1);  // the opening's have none
    record.move_comments.push_back(
        MoveComment(reply, our_tc.is_clock() ? std::optional(clock_ms[us]) : std::nullopt));

    engine::GameResult rules = game->Result();
    if (rules.end != engine::GameEnd::kOngoing) {
      End(&record, engine::OutcomeOf(rules), std::string(engine::GameEndName(rules.end)));
      break;
    }
    std::optional<int> score = reply.score_cp;
    if (reply.mate_in.has_value()) score = MateAsCentipawns(*reply.mate_in);
    switch (scores.AddPly(us, score, fullmove)) {
      case ScoreAdjudicator::Verdict::kNone:
        break;
      case ScoreAdjudicator::Verdict::kDraw:
        End(&record, Outcome::kDraw, "adjudicated-draw");
        break;
      case ScoreAdjudicator::Verdict::kWhiteWins:
        End(&record, Outcome::kWhiteWins, "resign");
        break;
      case ScoreAdjudicator::Verdict::kBlackWins:
        End(&record, Outcome::kBlackWins, "resign");
        break;
    }
  }
  RETURN_IF_ERROR(WriteRecordPgn(variant, tc, context, &record));
  return record;
}

absl::StatusOr<PairRecord> PlayPair(const std::shared_ptr<const engine::Variant>& variant,
                                    const Opening& opening, Player& engine_a, Player& engine_b,
                                    const SideTimeControls& tc, const Adjudication& adjudication,
                                    const MatchContext& context,
                                    std::array<int64_t, 2> game_nodes) {
  PairRecord pair;
  Player* white[2] = {&engine_a, &engine_b};
  Player* black[2] = {&engine_b, &engine_a};
  const std::string round = context.round.empty() ? "1" : context.round;
  for (int g = 0; g < 2; ++g) {
    MatchContext game_context = context;
    game_context.round = absl::StrCat(round, ".", g + 1);
    // By colour: engine A is White in game 0 and Black in game 1.
    SideTimeControls game_tc = g == 0 ? tc : SideTimeControls(tc.side[1], tc.side[0]);
    if (tc.shared() && tc.side[0].nodes > 0 && game_nodes[g] > 0) {
      TimeControl both = tc.side[0];
      both.nodes = game_nodes[g];
      game_tc = both;
    }
    ASSIGN_OR_RETURN(pair.games[g], PlayGame(variant, opening, *white[g], *black[g], game_tc,
                                             adjudication, game_context));
  }
  pair.first_engine_points_x2 =
      WhitePointsX2(pair.games[0].result) + (2 - WhitePointsX2(pair.games[1].result));
  // A's half points over the pair are exactly fishtest's pentanomial bin: 0 = LL, 1 = LD,
  // 2 = DD or WL, 3 = WD, 4 = WW.
  pair.pentanomial_index = pair.first_engine_points_x2;
  return pair;
}

}  // namespace gc9::worker
