// Parsing goes through protobuf's TextFormat with an error collector (syntax and unknown
// fields), then one pass of semantic checks whose errors are placed on a line with the
// parser's ParseInfoTree.
#include "coordinator/config/run_config.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <random>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "common/file.h"
#include "common/sha256.h"
#include "common/status_macros.h"
#include "coordinator/config/spsa_config.h"
#include "coordinator/config/study_config.h"
#include "coordinator/stats/sprt.h"
#include "engine/chess8400.h"
#include "engine/game.h"
#include "engine/params.h"
#include "engine/search_types.h"
#include "engine/variant_catalog.h"
#include "google/protobuf/io/tokenizer.h"
#include "google/protobuf/text_format.h"

namespace gc9::coordinator::config {
namespace {

using google::protobuf::TextFormat;

// A field path from the root message, e.g. {{"time_control", -1}, {"nodes", -1}}; index -1
// for a singular field.
using FieldPath = std::vector<std::pair<std::string, int>>;

std::string PathName(const FieldPath& path) {
  std::string out;
  for (const auto& [name, index] : path) {
    if (!out.empty()) out += ".";
    out += name;
    if (index >= 0) absl::StrAppend(&out, "[", index, "]");
  }
  return out;
}

class Collector : public google::protobuf::io::ErrorCollector {
 public:
  explicit Collector(std::string source) : source_(std::move(source)) {}
  void AddError(int line, google::protobuf::io::ColumnNumber column,
                const std::string& message) override {
    if (first_.empty())
      first_ = absl::StrCat(source_, ":", line + 1, ":", column + 1, ": ", message);
  }
  void AddWarning(int, google::protobuf::io::ColumnNumber, const std::string&) override {}
  const std::string& first() const { return first_; }

 private:
  std::string source_;
  std::string first_;
};

// Turns a field path into "SOURCE:LINE: " using where the parser saw the deepest field of the
// path that is present in the text.
class Locator {
 public:
  Locator(std::string source, const TextFormat::ParseInfoTree* tree)
      : source_(std::move(source)), tree_(tree) {}

  std::string Where(const FieldPath& path) const {
    if (tree_ == nullptr) return "";
    const google::protobuf::Descriptor* descriptor = proto::RunConfig::descriptor();
    const TextFormat::ParseInfoTree* tree = tree_;
    int line = -1;
    for (auto [name, index] : path) {
      if (descriptor == nullptr || tree == nullptr) break;
      const google::protobuf::FieldDescriptor* field = descriptor->FindFieldByName(name);
      if (field == nullptr) break;
      // protobuf aborts on an index that does not fit the field's kind. A repeated field named
      // as a whole points at its first element (if written); a singular one takes no index.
      if (field->is_repeated()) {
        index = std::max(index, 0);
      } else {
        index = -1;
      }
      const auto location = tree->GetLocation(field, index);
      if (location.line < 0) break;
      line = location.line;
      descriptor = field->message_type();
      tree = field->message_type() ? tree->GetTreeForNested(field, index) : nullptr;
    }
    if (line < 0) return absl::StrCat(source_, ": ");
    return absl::StrCat(source_, ":", line + 1, ": ");
  }

 private:
  std::string source_;
  const TextFormat::ParseInfoTree* tree_;
};

bool IsCommitHex(const std::string& text) {
  return text.size() == 40 && text.find_first_not_of("0123456789abcdef") == std::string::npos;
}

// Checks a config either as its user wrote it (`as_written`: what gc9 submit fills in must be
// absent, and an external `file` must exist relative to `base_dir` when that is known) or as
// submitted (what gc9 submit fills in must be there).
class Checker {
 public:
  Checker(const Locator* locator, bool as_written, std::string base_dir = "")
      : locator_(locator), as_written_(as_written), base_dir_(std::move(base_dir)) {}

  absl::Status Fail(const FieldPath& path, absl::string_view reason) const {
    std::string where = locator_ ? locator_->Where(path) : "";
    return absl::InvalidArgumentError(absl::StrCat(where, PathName(path), ": ", reason));
  }

  // `study`: the run is a placement study, whose engines take no time control of their own.
  absl::Status CheckEngine(const proto::EngineConfig& engine, const std::string& field,
                           bool study) const {
    switch (engine.kind_case()) {
      case proto::EngineConfig::kBuiltin: {
        for (int i = 0; i < engine.builtin().param_size(); ++i) {
          const proto::ParamOverride& param = engine.builtin().param(i);
          const FieldPath path = {{field, -1}, {"builtin", -1}, {"param", i}};
          if (param.name().empty()) return Fail(path, "a parameter needs a name");
          if (!std::isfinite(param.value())) return Fail(path, "the value must be finite");
          // Checked here, so that a misspelt name or a value out of range is the submitter's
          // error rather than a pair that every worker fails to start.
          if (absl::Status status = engine::Params().Set(param.name(), param.value());
              !status.ok()) {
            return Fail(path, status.message());
          }
        }
        RETURN_IF_ERROR(CheckRevision(engine.builtin(), field));
        if (!engine.bench_command().empty()) {
          return Fail({{field, -1}, {"bench_command", -1}},
                      "only external engines take a bench_command; gc9's bench is built in");
        }
        break;
      }
      case proto::EngineConfig::kExternal:
        RETURN_IF_ERROR(CheckExternal(engine.external(), field));
        if (!engine.bench_command().empty() && !engine.has_bench()) {
          return Fail({{field, -1}, {"bench_command", -1}},
                      "set `bench` too: without it nothing is compared");
        }
        if (engine.bench_command().find_first_of("\n\r\t") != std::string::npos) {
          return Fail({{field, -1}, {"bench_command", -1}}, "arguments go on one line");
        }
        break;
      case proto::EngineConfig::KIND_NOT_SET:
        return Fail({{field, -1}},
                    "set `builtin {...}`, `external { path: ... }` or `external { file: ... }`");
    }
    if (engine.has_bench() && engine.bench() == 0) {
      return Fail({{field, -1}, {"bench", -1}}, "must be positive (a bench's node count)");
    }
    if (engine.has_time_control()) {
      const FieldPath path = {{field, -1}, {"time_control", -1}};
      if (study) {
        return Fail(path, "a placement study plays every cell alike; use the run's time_control");
      }
      RETURN_IF_ERROR(CheckTimeControl(engine.time_control(), path));
    }
    return absl::OkStatus();
  }

  // `revision` is the user's; `commit` and `source` are gc9 submit's.
  absl::Status CheckRevision(const proto::BuiltinEngine& builtin, const std::string& field) const {
    const FieldPath base = {{field, -1}, {"builtin", -1}};
    auto at = [&base](const char* name) {
      FieldPath path = base;
      path.emplace_back(name, -1);
      return path;
    };
    const std::string& revision = builtin.revision();
    if (!revision.empty() &&
        (revision[0] == '-' || revision.find_first_of(" \t\r\n") != std::string::npos)) {
      return Fail(at("revision"), "a git revision: a commit, branch or tag (\"HEAD~1\")");
    }
    const bool filled = !builtin.commit().empty() || builtin.has_source();
    if (filled && (as_written_ || revision.empty())) {
      return Fail(at(builtin.has_source() ? "source" : "commit"),
                  "filled in by gc9 submit from `revision`; a config does not set it");
    }
    if (as_written_ || revision.empty()) return absl::OkStatus();
    if (!IsCommitHex(builtin.commit())) {
      return Fail(at("commit"),
                  "revision needs its commit (40 hexadecimal digits); submit "
                  "with gc9 submit, which packs and uploads the revision");
    }
    return CheckRef(builtin.source(), at("source"), "revision");
  }

  absl::Status CheckExternal(const proto::ExternalEngine& external,
                             const std::string& field) const {
    const FieldPath base = {{field, -1}, {"external", -1}};
    auto at = [&base](const char* name) {
      FieldPath path = base;
      path.emplace_back(name, -1);
      return path;
    };
    if (!external.path().empty() && !external.file().empty()) {
      return Fail(at("file"),
                  "give `path` (installed on every worker) or `file` (uploaded), not both");
    }
    if (external.path().empty() && external.file().empty()) {
      return Fail(at("path"), "an external engine needs a path (or a file to upload)");
    }
    if (external.has_binary() && (as_written_ || external.file().empty())) {
      return Fail(at("binary"), "filled in by gc9 submit from `file`; a config does not set it");
    }
    if (external.file().empty()) return absl::OkStatus();
    if (!as_written_) return CheckRef(external.binary(), at("binary"), "file");
    if (base_dir_.empty()) return absl::OkStatus();
    const std::string path = ResolveConfigPath(base_dir_, external.file());
    struct stat info;
    if (stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) {
      return Fail(at("file"), absl::StrCat("'", path, "' is no file"));
    }
    if (access(path.c_str(), X_OK) != 0) {
      return Fail(at("file"), absl::StrCat("'", path, "' is not executable"));
    }
    return absl::OkStatus();
  }

  absl::Status CheckRef(const proto::ArtifactRef& ref, const FieldPath& path,
                        const char* from) const {
    if (!common::IsSha256Hex(ref.sha256())) {
      return Fail(path, absl::StrCat("`", from,
                                     "` needs its uploaded artifact (a SHA-256 and a "
                                     "size); submit with gc9 submit, which uploads it"));
    }
    if (ref.size() <= 0) return Fail(path, "the artifact's size must be positive");
    return absl::OkStatus();
  }

  // `base` is where the time control sits: the run's, or an engine's own.
  absl::Status CheckTimeControl(const proto::TimeControl& tc, const FieldPath& base) const {
    auto at = [&base](std::initializer_list<const char*> names) {
      FieldPath path = base;
      for (const char* name : names) path.emplace_back(name, -1);
      return path;
    };
    // The match adds and compares these times; beyond a week they could overflow.
    const std::string too_long = absl::StrCat("must be at most ", engine::kMaxTimeMs, " (a week)");
    switch (tc.limit_case()) {
      case proto::TimeControl::kNodes:
        if (tc.nodes() <= 0) return Fail(at({"nodes"}), "must be positive");
        break;
      case proto::TimeControl::kDepth:
        if (tc.depth() <= 0 || tc.depth() > 128) {
          return Fail(at({"depth"}), "must be in 1..128");
        }
        break;
      case proto::TimeControl::kMovetimeMs:
        if (tc.movetime_ms() <= 0) return Fail(at({"movetime_ms"}), "must be positive");
        if (tc.movetime_ms() > engine::kMaxTimeMs) {
          return Fail(at({"movetime_ms"}), too_long);
        }
        break;
      case proto::TimeControl::kClock:
        if (tc.clock().base_ms() <= 0) {
          return Fail(at({"clock", "base_ms"}), "must be positive");
        }
        if (tc.clock().increment_ms() < 0) {
          return Fail(at({"clock", "increment_ms"}), "must not be negative");
        }
        if (tc.clock().base_ms() > engine::kMaxTimeMs) {
          return Fail(at({"clock", "base_ms"}), too_long);
        }
        if (tc.clock().increment_ms() > engine::kMaxTimeMs) {
          return Fail(at({"clock", "increment_ms"}), too_long);
        }
        break;
      case proto::TimeControl::LIMIT_NOT_SET:
        return Fail(base, "set one of nodes, depth, movetime_ms or clock");
    }
    if (tc.margin_ms() < 0) return Fail(at({"margin_ms"}), "must not be negative");
    if (tc.margin_ms() > engine::kMaxTimeMs) return Fail(at({"margin_ms"}), too_long);
    return absl::OkStatus();
  }

  absl::Status CheckOpenings(const proto::RunConfig& config,
                             const std::shared_ptr<const engine::Variant>& variant) const {
    const proto::Openings& openings = config.openings();
    switch (openings.source_case()) {
      case proto::Openings::kEnginesPlace:
        if (!openings.engines_place()) {
          return Fail({{"openings", -1}, {"engines_place", -1}},
                      "false is no opening source; list positions or name a file");
        }
        return absl::OkStatus();
      case proto::Openings::kRandom:
        if (openings.random().plies() < 1 || openings.random().plies() > 40) {
          return Fail({{"openings", -1}, {"random", -1}, {"plies", -1}}, "must be in 1..40");
        }
        return absl::OkStatus();
      case proto::Openings::kFile:
        return Fail({{"openings", -1}, {"file", -1}}, "files are read when the config is loaded");
      case proto::Openings::kChess8400:
        return Fail({{"openings", -1}, {"chess8400", -1}},
                    "arrays are expanded when the config is loaded");
      case proto::Openings::kList:
        break;
      case proto::Openings::SOURCE_NOT_SET:
        return Fail({{"openings", -1}}, "set engines_place, list or file");
    }
    if (openings.list().position_size() == 0) {
      return Fail({{"openings", -1}, {"list", -1}}, "holds no position");
    }
    for (int i = 0; i < openings.list().position_size(); ++i) {
      const proto::OpeningPosition& opening = openings.list().position(i);
      const FieldPath path = {{"openings", -1}, {"list", -1}, {"position", i}};
      absl::StatusOr<std::unique_ptr<engine::Game>> game = engine::Game::New(variant);
      if (!game.ok())
        return Fail(path, absl::StrCat("bad start position: ", game.status().message()));
      if (!opening.fen().empty()) {
        absl::Status status = (*game)->SetFen(opening.fen());
        if (!status.ok()) return Fail(path, absl::StrCat("bad FEN: ", status.message()));
      }
      for (const std::string& move : opening.move()) {
        absl::Status status = (*game)->Play(move);
        if (!status.ok()) return Fail(path, absl::StrCat("move '", move, "': ", status.message()));
      }
      if ((*game)->turn_moves() > 0) {
        return Fail(path, "ends in the middle of a turn; give whole turns (\"d2d4,j1k3\")");
      }
    }
    return absl::OkStatus();
  }

  absl::Status Check(const proto::RunConfig& config) const {
    if (config.variant().empty()) {
      return Fail(
          {{"variant", -1}},
          absl::StrCat("required; one of ", absl::StrJoin(engine::BuiltinVariantNames(), ", ")));
    }
    absl::StatusOr<std::shared_ptr<const engine::Variant>> variant =
        engine::BuiltinVariant(config.variant());
    if (!variant.ok()) {
      return Fail({{"variant", -1}},
                  absl::StrCat("unknown variant '", config.variant(), "'; one of ",
                               absl::StrJoin(engine::BuiltinVariantNames(), ", ")));
    }
    if (!config.has_engine()) return Fail({{"engine", -1}}, "required");
    // A placement study without a baseline has its engine play both sides.
    const bool study = config.has_placement_study();
    if (!config.has_baseline() && !study) return Fail({{"baseline", -1}}, "required");
    RETURN_IF_ERROR(CheckEngine(config.engine(), "engine", study));
    if (config.has_baseline()) RETURN_IF_ERROR(CheckEngine(config.baseline(), "baseline", study));
    if (!config.has_time_control()) return Fail({{"time_control", -1}}, "required");
    RETURN_IF_ERROR(CheckTimeControl(config.time_control(), {{"time_control", -1}}));
    if (study && config.has_openings()) {
      return Fail({{"openings", -1}},
                  "a placement study plays the drops of its cells; leave it out");
    }
    if (!config.has_openings() && !study) return Fail({{"openings", -1}}, "required");
    if (!study) RETURN_IF_ERROR(CheckOpenings(config, *variant));
    const proto::Adjudication& adj = config.adjudication();
    const google::protobuf::Reflection* reflection = adj.GetReflection();
    const google::protobuf::Descriptor* descriptor = adj.GetDescriptor();
    for (int i = 0; i < descriptor->field_count(); ++i) {
      const google::protobuf::FieldDescriptor* field = descriptor->field(i);
      if (reflection->GetInt32(adj, field) < 0) {
        return Fail({{"adjudication", -1}, {field->name(), -1}}, "must not be negative");
      }
    }
    if ((adj.draw_score_cp() > 0 || adj.draw_move_number() > 0) && adj.draw_plies() == 0) {
      return Fail({{"adjudication", -1}, {"draw_plies", -1}},
                  "draw adjudication needs draw_plies (how many plies the scores must agree)");
    }
    if (adj.resign_score_cp() > 0 && adj.resign_plies() == 0) {
      return Fail({{"adjudication", -1}, {"resign_plies", -1}},
                  "resign adjudication needs resign_plies");
    }
    // The core keeps a byte per pair of a run in memory: a trillion pairs took the coordinator
    // down at submit (std::bad_alloc).
    const std::string too_many = absl::StrCat("must be at most ", kMaxPairs);
    switch (config.kind_case()) {
      case proto::RunConfig::kFixed:
        if (config.fixed().pairs() <= 0) {
          return Fail({{"fixed", -1}, {"pairs", -1}}, "must be positive");
        }
        if (config.fixed().pairs() > kMaxPairs)
          return Fail({{"fixed", -1}, {"pairs", -1}}, too_many);
        break;
      case proto::RunConfig::kSprt: {
        stats::SprtParams params;
        params.elo0 = config.sprt().elo0();
        params.elo1 = config.sprt().elo1();
        params.alpha = config.sprt().alpha() == 0 ? 0.05 : config.sprt().alpha();
        params.beta = config.sprt().beta() == 0 ? 0.05 : config.sprt().beta();
        if (absl::Status status = stats::ValidateSprtParams(params); !status.ok()) {
          return Fail({{"sprt", -1}}, status.message());
        }
        if (config.sprt().max_pairs() < 0) {
          return Fail({{"sprt", -1}, {"max_pairs", -1}}, "must not be negative");
        }
        if (config.sprt().max_pairs() > kMaxPairs) {
          return Fail({{"sprt", -1}, {"max_pairs", -1}}, too_many);
        }
        break;
      }
      case proto::RunConfig::kSpsa: {
        if (config.spsa().pairs() > kMaxPairs) return Fail({{"spsa", -1}, {"pairs", -1}}, too_many);
        SpsaErrorSite site;
        if (absl::StatusOr<SpsaSetup> setup = ResolveSpsa(config.spsa(), &site); !setup.ok()) {
          return Fail({{"spsa", -1}, {site.field, site.index}}, setup.status().message());
        }
        // The tuned values go into both engines' parameters, so both must be gc9's own.
        for (const char* field : {"engine", "baseline"}) {
          const proto::EngineConfig& engine =
              field == std::string("engine") ? config.engine() : config.baseline();
          if (!engine.has_builtin()) {
            return Fail({{field, -1}}, "an spsa run tunes gc9's own engine: use `builtin {...}`");
          }
        }
        break;
      }
      case proto::RunConfig::kPlacementStudy: {
        if (config.placement_study().budget_games() > 2 * kMaxPairs) {
          return Fail({{"placement_study", -1}, {"budget_games", -1}},
                      absl::StrCat("must be at most ", 2 * kMaxPairs));
        }
        StudyErrorSite site;
        if (absl::StatusOr<StudySetup> setup = ResolveStudy(config, &site); !setup.ok()) {
          if (site.top_level) return Fail({{site.field, site.index}}, setup.status().message());
          return Fail({{"placement_study", -1}, {site.field, site.index}},
                      setup.status().message());
        }
        break;
      }
      case proto::RunConfig::KIND_NOT_SET:
        return Fail({},
                    "set the run kind: `fixed { pairs: N }`, `sprt { elo0: ... elo1: ... }`, "
                    "`spsa { pairs: N params: ... }` or `placement_study { budget_games: N }`");
    }
    if (config.priority() < 0) return Fail({{"priority", -1}}, "must not be negative");
    if (config.batch_pairs() < 0 || config.batch_pairs() > kMaxBatchPairs) {
      return Fail({{"batch_pairs", -1}}, absl::StrCat("must be in 0..", kMaxBatchPairs));
    }
    return absl::OkStatus();
  }

 private:
  const Locator* locator_;
  bool as_written_;
  std::string base_dir_;
};

std::string DirName(const std::string& path) {
  const size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

}  // namespace

absl::StatusOr<proto::OpeningList> ReadOpeningsFile(const std::string& path) {
  absl::StatusOr<std::string> text = common::ReadWholeFile(path, "openings file");
  if (!text.ok()) return text.status();
  proto::OpeningList list;
  for (absl::string_view line : absl::StrSplit(*text, '\n')) {
    line = absl::StripAsciiWhitespace(line);
    if (line.empty() || line[0] == '#') continue;
    std::vector<absl::string_view> fields = absl::StrSplit(line, ' ', absl::SkipWhitespace());
    std::string fen;
    auto is_number = [](absl::string_view s) {
      return !s.empty() && s.find_first_not_of("0123456789") == absl::string_view::npos;
    };
    if (fields.size() >= 6 && is_number(fields[4]) && is_number(fields[5])) {
      fen = absl::StrJoin(fields.begin(), fields.begin() + 6, " ");
    } else if (fields.size() >= 4) {
      fen = absl::StrCat(absl::StrJoin(fields.begin(), fields.begin() + 4, " "), " 0 1");
    } else {
      return absl::InvalidArgumentError(
          absl::StrCat(path, ": '", line, "' is neither a FEN nor an EPD line"));
    }
    list.add_position()->set_fen(fen);
  }
  return list;
}

absl::StatusOr<proto::OpeningList> Chess8400Openings(const proto::RunConfig& config) {
  const proto::Chess8400Arrays& arrays = config.openings().chess8400();
  if (config.variant() != "chess8400") {
    return absl::InvalidArgumentError(absl::StrCat(
        "Chess8400 arrays need variant \"chess8400\", not \"", config.variant(), "\""));
  }
  if ((arrays.index_size() > 0) == (arrays.random() > 0)) {
    return absl::InvalidArgumentError("give either index (one or more) or random, not both");
  }
  if (arrays.random() < 0 || arrays.random() > engine::kChess8400Arrays) {
    return absl::InvalidArgumentError(
        absl::StrCat("random ", arrays.random(), " is outside 1..", engine::kChess8400Arrays));
  }
  std::vector<int> indices(arrays.index().begin(), arrays.index().end());
  if (arrays.random() > 0) {
    // A partial Fisher-Yates shuffle of all arrays, from the run's seed: distinct and
    // reproducible.
    std::vector<int> all(engine::kChess8400Arrays);
    for (int i = 0; i < engine::kChess8400Arrays; ++i) all[i] = i;
    std::mt19937_64 rng(config.seed());
    for (int i = 0; i < arrays.random(); ++i) {
      const int j = i + int(rng() % uint64_t(engine::kChess8400Arrays - i));
      std::swap(all[i], all[j]);
      indices.push_back(all[i]);
    }
  }
  proto::OpeningList list;
  for (int index : indices) {
    absl::StatusOr<std::string> fen = engine::Chess8400StartFen(index);
    if (!fen.ok()) return fen.status();
    list.add_position()->set_fen(*fen);
  }
  return list;
}

absl::StatusOr<proto::RunConfig> ParseRunConfig(absl::string_view text, absl::string_view source,
                                                const std::string& base_dir) {
  proto::RunConfig config;
  TextFormat::Parser parser;
  Collector collector{std::string(source)};
  TextFormat::ParseInfoTree tree;
  parser.RecordErrorsTo(&collector);
  parser.WriteLocationsTo(&tree);
  if (!parser.ParseFromString(std::string(text), &config)) {
    return absl::InvalidArgumentError(
        collector.first().empty() ? absl::StrCat(source, ": not a RunConfig") : collector.first());
  }
  Locator locator(std::string(source), &tree);
  if (config.openings().source_case() == proto::Openings::kFile) {
    const std::string file = ResolveConfigPath(base_dir, config.openings().file());
    absl::StatusOr<proto::OpeningList> list = ReadOpeningsFile(file);
    if (!list.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat(locator.Where({{"openings", -1}, {"file", -1}}),
                       "openings.file: ", list.status().message()));
    }
    *config.mutable_openings()->mutable_list() = *std::move(list);
  }
  if (config.openings().source_case() == proto::Openings::kChess8400) {
    absl::StatusOr<proto::OpeningList> list = Chess8400Openings(config);
    if (!list.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat(locator.Where({{"openings", -1}, {"chess8400", -1}}),
                       "openings.chess8400: ", list.status().message()));
    }
    *config.mutable_openings()->mutable_list() = *std::move(list);
  }
  Checker checker(&locator, /*as_written=*/true, base_dir);
  if (absl::Status status = checker.Check(config); !status.ok()) return status;
  return config;
}

absl::StatusOr<proto::RunConfig> LoadRunConfigFile(const std::string& path) {
  absl::StatusOr<std::string> text = common::ReadWholeFile(path, "run configuration");
  if (!text.ok()) return text.status();
  return ParseRunConfig(*text, path, DirName(path));
}

absl::Status ValidateRunConfig(const proto::RunConfig& config) {
  return Checker(nullptr, /*as_written=*/false).Check(config);
}

std::string ResolveConfigPath(const std::string& base_dir, const std::string& path) {
  if (path.empty() || path[0] == '/') return path;
  return base_dir + "/" + path;
}

std::string ConfigDir(const std::string& config_path) { return DirName(config_path); }

int EffectivePriority(const proto::RunConfig& config) {
  return config.priority() > 0 ? config.priority() : 1;
}

int EffectiveBatchPairs(const proto::RunConfig& config) {
  return config.batch_pairs() > 0 ? config.batch_pairs() : kDefaultBatchPairs;
}

int64_t TargetPairs(const proto::RunConfig& config) {
  if (config.has_fixed()) return config.fixed().pairs();
  if (config.has_sprt()) {
    return config.sprt().max_pairs() > 0 ? config.sprt().max_pairs() : kDefaultSprtMaxPairs;
  }
  if (config.has_spsa()) return config.spsa().pairs();
  // A pair is two games of one cell; the budget is in games.
  if (config.has_placement_study()) return (config.placement_study().budget_games() + 1) / 2;
  return 0;
}

std::string RunKindName(const proto::RunConfig& config) {
  if (config.has_sprt()) return "sprt";
  if (config.has_spsa()) return "spsa";
  if (config.has_placement_study()) return "placement_study";
  return "fixed";
}

stats::SprtParams SprtParamsOf(const proto::RunConfig& config) {
  stats::SprtParams params;
  if (!config.has_sprt()) return params;
  params.elo0 = config.sprt().elo0();
  params.elo1 = config.sprt().elo1();
  if (config.sprt().alpha() > 0) params.alpha = config.sprt().alpha();
  if (config.sprt().beta() > 0) params.beta = config.sprt().beta();
  return params;
}

}  // namespace gc9::coordinator::config
