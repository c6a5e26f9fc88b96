// EPD/FEN opening files: the first byte picks a built-in variant, the rest is the file. The
// positions read from it go through the run configuration's checks in that variant, as
// `gc9 submit` sends them inline. A file's errors name the file.
#include <fstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "coordinator/config/run_config.h"
#include "engine/variant_catalog.h"
#include "tests/fuzz/fuzz_util.h"

namespace {

namespace config = gc9::coordinator::config;

// The file every input is written to.
const std::string& FilePath() {
  static const auto* path = new std::string(gc9::fuzz::ScratchDir("openings") + "/openings.epd");
  return *path;
}

gc9::proto::RunConfig BaseConfig(const std::string& variant) {
  gc9::proto::RunConfig config;
  config.set_variant(variant);
  config.mutable_engine()->mutable_builtin();
  config.mutable_baseline()->mutable_builtin();
  config.mutable_time_control()->set_nodes(100);
  config.mutable_fixed()->set_pairs(1);
  return config;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  absl::string_view text = gc9::fuzz::Text(data, size);
  const std::vector<std::string>& names = gc9::engine::BuiltinVariantNames();
  const std::string& variant = names[gc9::fuzz::TakeChoice(&text, names.size())];
  std::ofstream(FilePath(), std::ios::binary | std::ios::trunc) << text;

  absl::StatusOr<gc9::proto::OpeningList> list = config::ReadOpeningsFile(FilePath());
  if (!list.ok()) {
    GC9_FUZZ_CHECK(absl::StartsWith(list.status().message(), FilePath()),
                   std::string(list.status().message()));
    return 0;
  }
  gc9::proto::RunConfig config = BaseConfig(variant);
  *config.mutable_openings()->mutable_list() = *std::move(list);
  const absl::Status status = config::ValidateRunConfig(config);
  // An empty file is refused by the checks; anything else is a verdict on the positions.
  if (config.openings().list().position_size() == 0) GC9_FUZZ_CHECK(!status.ok(), "empty");
  return 0;
}
