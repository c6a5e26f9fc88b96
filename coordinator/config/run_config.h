// Run configurations (proto::RunConfig in protobuf text format, configs/runs/*.textproto):
// parsing with file and line in every error, semantic validation naming the field, and
// resolution of an openings file into inline positions.
#pragma once

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "coordinator/stats/sprt.h"
#include "proto/run.pb.h"

namespace gc9::coordinator::config {

inline constexpr int kDefaultBatchPairs = 16;
inline constexpr int kMaxBatchPairs = 1000;
inline constexpr int64_t kDefaultSprtMaxPairs = 100000;
// The most pairs a run may ask for (fixed, SPRT, SPSA; a study twice as many games): ten
// million pairs is far beyond any test, and the core keeps a byte per pair in memory.
inline constexpr int64_t kMaxPairs = 10000000;

// Parses and validates `text`; every error reads "SOURCE:LINE: FIELD: reason". An openings
// `file` is read relative to `base_dir` and replaced by the positions it holds; an external
// engine's `file` must be an executable there. What gc9 submit fills in (a revision's `commit`
// and `source`, an engine file's `binary`) must not be set.
absl::StatusOr<proto::RunConfig> ParseRunConfig(absl::string_view text, absl::string_view source,
                                                const std::string& base_dir);

// Reads the file and calls ParseRunConfig with its folder as base_dir.
absl::StatusOr<proto::RunConfig> LoadRunConfigFile(const std::string& path);
// The folder of a config file (its base_dir), and a path in a config resolved against it.
std::string ConfigDir(const std::string& config_path);
std::string ResolveConfigPath(const std::string& base_dir, const std::string& path);

// The semantic checks of ParseRunConfig for a config that arrives already parsed (the
// coordinator's Submit); the message names the field. Openings must be inline, and what gc9
// submit fills in must be there: a revision's commit and uploaded source, an engine file's
// uploaded binary.
absl::Status ValidateRunConfig(const proto::RunConfig& config);

// Positions from an EPD or FEN file: one a line, '#' comments and blank lines skipped; an
// EPD line (four fields, then operations) gets the counters "0 1".
absl::StatusOr<proto::OpeningList> ReadOpeningsFile(const std::string& path);

// The start positions of `openings.chess8400`'s arrays (named, or `random` distinct ones drawn
// from the run's seed); the variant must be chess8400.
absl::StatusOr<proto::OpeningList> Chess8400Openings(const proto::RunConfig& config);

// The default of `gc9 run` with no file: configs/runs/tune-piece-values.textproto (the main
// job, an SPSA tuning), compiled in.
absl::string_view DefaultRunConfigText();
inline constexpr absl::string_view kDefaultRunConfigSource =
    "configs/runs/tune-piece-values.textproto";

// Defaults spelled out: priority, batch size, SPRT alpha/beta/max_pairs.
int EffectivePriority(const proto::RunConfig& config);
int EffectiveBatchPairs(const proto::RunConfig& config);
// Fixed: the pairs; SPRT: max_pairs; SPSA: the pairs (iterations).
int64_t TargetPairs(const proto::RunConfig& config);
// "fixed", "sprt", "spsa" or "placement_study": the run's kind as status and JSON name it.
std::string RunKindName(const proto::RunConfig& config);
// The SPRT's parameters with alpha and beta defaulted; a run of another kind gets the defaults
// (its Elo is still reported, its LLR means nothing).
stats::SprtParams SprtParamsOf(const proto::RunConfig& config);

}  // namespace gc9::coordinator::config
