#include "coordinator/cli/report.h"

#include <algorithm>
#include <cmath>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "coordinator/cli/spsa_report.h"
#include "coordinator/cli/study_report.h"
#include "coordinator/config/run_config.h"
#include "coordinator/stats/format.h"
#include "coordinator/stats/summary.h"

namespace gc9::coordinator::cli {
namespace {

stats::Pentanomial PentanomialOf(const proto::RunStatus& status) {
  stats::Pentanomial pentanomial;
  for (int i = 0; i < 5 && i < status.pentanomial_size(); ++i) {
    pentanomial.counts[i] = status.pentanomial(i);
  }
  return pentanomial;
}

}  // namespace

absl::string_view RunStateName(proto::RunState state) {
  switch (state) {
    case proto::RUN_PENDING:
      return "pending";
    case proto::RUN_RUNNING:
      return "running";
    case proto::RUN_FINISHED:
      return "finished";
    case proto::RUN_CANCELLED:
      return "cancelled";
    case proto::RUN_FAILED:
      return "failed";
    default:
      return "unknown";
  }
}

absl::string_view FailureKindName(proto::FailureKind kind) {
  switch (kind) {
    case proto::FAILURE_ENGINE_MISSING:
      return "engine missing";
    case proto::FAILURE_ENGINE_START:
      return "engine did not start";
    case proto::FAILURE_BUILD:
      return "build failed";
    case proto::FAILURE_BENCH_MISMATCH:
      return "bench mismatch";
    case proto::FAILURE_ARTIFACT:
      return "artifact unavailable";
    case proto::FAILURE_UNSUPPORTED:
      return "unsupported";
    default:
      return "unknown";
  }
}

std::string FailureKindId(proto::FailureKind kind) {
  return absl::StrReplaceAll(FailureKindName(kind), {{" ", "_"}});
}

std::string JsonString(absl::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') {
      out.push_back('\\');
      out.push_back(c);
    } else if (static_cast<unsigned char>(c) < 0x20) {
      absl::StrAppend(&out, "\\u00", absl::Hex(static_cast<unsigned char>(c), absl::kZeroPad2));
    } else {
      out.push_back(c);
    }
  }
  return out + "\"";
}

std::string FormatDuration(double seconds) {
  const int64_t s = static_cast<int64_t>(std::llround(std::max(0.0, seconds)));
  if (s < 60) return absl::StrCat(s, "s");
  if (s < 3600) return absl::StrFormat("%dm%02ds", s / 60, s % 60);
  if (s < 86400) return absl::StrFormat("%dh%02dm", s / 3600, s % 3600 / 60);
  return absl::StrFormat("%dd%02dh", s / 86400, s % 86400 / 3600);
}

std::string FailureReason(const proto::FailureRecord& failure) {
  std::string text(FailureKindName(failure.kind()));
  if (!failure.engine().empty()) absl::StrAppend(&text, ", engine '", failure.engine(), "'");
  absl::StrAppend(&text, ": ", failure.message());
  return text;
}

std::string FormatFailure(const proto::FailureRecord& failure, bool with_detail) {
  std::string text = absl::StrCat("worker ", failure.worker_id(), ": ", FailureReason(failure));
  if (with_detail && !failure.detail().empty()) {
    for (absl::string_view line : absl::StrSplit(failure.detail(), '\n', absl::SkipEmpty())) {
      absl::StrAppend(&text, "\n    | ", line);
    }
  }
  return text;
}

std::string FailureToJson(const proto::FailureRecord& failure) {
  return absl::StrCat(
      "{\"failure_id\": ", failure.failure_id(), ", \"worker_id\": ", failure.worker_id(),
      ", \"batch_id\": ", failure.batch_id(),
      ", \"kind\": ", JsonString(FailureKindId(failure.kind())),
      ", \"engine\": ", JsonString(failure.engine()),
      ", \"message\": ", JsonString(failure.message()),
      ", \"detail\": ", JsonString(failure.detail()), ", \"unix_ms\": ", failure.unix_ms(), "}");
}

absl::string_view DecisionName(proto::Decision decision) {
  switch (decision) {
    case proto::DECISION_ACCEPT_H0:
      return "accept H0";
    case proto::DECISION_ACCEPT_H1:
      return "accept H1";
    case proto::DECISION_MAX_PAIRS:
      return "undecided at max_pairs";
    case proto::DECISION_COMPLETE:
      return "complete";
    default:
      return "";
  }
}

std::string FormatRunLine(const proto::RunStatus& status) {
  const stats::Pentanomial pentanomial = PentanomialOf(status);
  std::string state(RunStateName(status.state()));
  if (status.decision() != proto::DECISION_NONE) {
    absl::StrAppend(&state, " (", DecisionName(status.decision()), ")");
  }
  std::string line = absl::StrCat(
      "Run ", status.run_id(), " '", status.name(), "': ", state, ", ",
      stats::PairCount(pentanomial), " of ", status.config().has_sprt() ? "at most " : "",
      status.target_pairs(), " pairs",
      status.leased_pairs() > 0 ? absl::StrCat(", ", status.leased_pairs(), " leased") : "");
  if (status.failures() > 0) {
    absl::StrAppend(&line, ", ", status.failures(),
                    status.failures() == 1 ? " failure" : " failures");
  }
  const bool live = status.state() == proto::RUN_PENDING || status.state() == proto::RUN_RUNNING;
  if (live && status.pairs_per_minute() > 0) {
    absl::StrAppend(&line, absl::StrFormat(", %.1f pairs/min", status.pairs_per_minute()));
    if (status.eta_seconds() > 0)
      absl::StrAppend(&line, ", ETA ", FormatDuration(status.eta_seconds()));
  }
  return line;
}

namespace {

// A failed run's failures with their details; a live run's last few, which tell whether a
// worker is in trouble.
std::string FormatFailures(const proto::RunStatus& status) {
  if (status.failure_size() == 0) return "";
  const bool failed = status.state() == proto::RUN_FAILED;
  const int shown = failed ? status.failure_size() : std::min(status.failure_size(), 3);
  std::string text = absl::StrCat(
      failed ? "Failed: it could not be played. " : "", "Failures: ", status.failures(),
      shown < status.failures() ? absl::StrCat(" (the last ", shown, ")") : std::string(), "\n");
  for (int i = status.failure_size() - shown; i < status.failure_size(); ++i) {
    absl::StrAppend(&text, "  ", FormatFailure(status.failure(i), failed), "\n");
  }
  return text;
}

}  // namespace

std::string FormatRunStatus(const proto::RunStatus& status) {
  std::string text = FormatRunLine(status) + "\n" + FormatFailures(status);
  const stats::Pentanomial pentanomial = PentanomialOf(status);
  if (status.config().has_spsa()) {
    // The two engines differ by a fresh perturbation every batch, so Elo means nothing here.
    absl::StrAppend(&text, FormatSpsaStatus(status.spsa()));
    if (stats::PairCount(pentanomial) == 0) return text;
    stats::WinLossDraw wld;
    wld.wins = status.wins();
    wld.losses = status.losses();
    wld.draws = status.draws();
    absl::StrAppend(&text, stats::FormatGamesLine(wld), "\n",
                    stats::FormatPentanomialLine(pentanomial), "\n");
    return text;
  }
  // A study's engines play both colours of one cell; its numbers are the cells'.
  if (status.has_placement_study()) return text + FormatStudyStatus(status.placement_study());
  if (stats::PairCount(pentanomial) == 0) return text + "No pairs counted yet.\n";
  absl::StatusOr<stats::Summary> summary =
      stats::Summarize(pentanomial, config::SprtParamsOf(status.config()));
  if (!summary.ok()) return absl::StrCat(text, "statistics: ", summary.status().message(), "\n");
  if (status.config().has_sprt()) {
    absl::StrAppend(&text, stats::FormatLlrLine(summary->sprt, summary->params), "\n");
  }
  stats::WinLossDraw wld;
  wld.wins = status.wins();
  wld.losses = status.losses();
  wld.draws = status.draws();
  absl::StrAppend(&text, stats::FormatEloLine(summary->elo, summary->nelo), "\n",
                  stats::FormatLosLine(summary->elo.los, summary->draw_ratio), "\n",
                  stats::FormatGamesLine(wld), "\n", stats::FormatPentanomialLine(pentanomial),
                  "\n");
  return text;
}

std::string RunStatusToJson(const proto::RunStatus& status) {
  std::vector<std::string> reasons;
  for (const auto& [reason, count] : status.reasons()) {
    reasons.push_back(absl::StrCat(JsonString(reason), ": ", count));
  }
  std::sort(reasons.begin(), reasons.end());
  std::vector<std::string> failures;
  for (const proto::FailureRecord& failure : status.failure()) {
    failures.push_back(FailureToJson(failure));
  }
  std::string stats_json = "null";
  const stats::Pentanomial pentanomial = PentanomialOf(status);
  if (stats::PairCount(pentanomial) > 0 && !status.config().has_spsa()) {
    absl::StatusOr<stats::Summary> summary =
        stats::Summarize(pentanomial, config::SprtParamsOf(status.config()));
    if (summary.ok()) stats_json = stats::SummaryToJson(*summary);
  }
  return absl::StrCat(
      "{\"run_id\": ", status.run_id(), ", \"name\": ", JsonString(status.name()),
      ", \"kind\": ", JsonString(status.kind()),
      ", \"state\": ", JsonString(RunStateName(status.state())),
      ", \"decision\": ", JsonString(DecisionName(status.decision())),
      ", \"pairs\": ", stats::PairCount(pentanomial), ", \"wins\": ", status.wins(),
      ", \"losses\": ", status.losses(), ", \"draws\": ", status.draws(), ", \"reasons\": {",
      absl::StrJoin(reasons, ", "), "}, \"pairs_per_minute\": ", status.pairs_per_minute(),
      ", \"eta_seconds\": ", status.eta_seconds(), ", \"failures\": ", status.failures(),
      ", \"failure\": [", absl::StrJoin(failures, ", "), "], \"stats\": ", stats_json,
      status.has_spsa() ? absl::StrCat(", \"spsa\": ", SpsaStatusToJson(status.spsa())) : "", "}");
}

}  // namespace gc9::coordinator::cli
