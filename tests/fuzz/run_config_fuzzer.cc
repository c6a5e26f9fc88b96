// Run configurations in protobuf text, through the parser and every semantic check. An
// accepted config must validate again as the coordinator's Submit checks it. An openings
// `file` is read from a scratch folder holding one small file (the harness skips a name that
// leaves that folder: any file on the machine is no parser's business).
#include <fstream>
#include <string>

#include "absl/strings/match.h"
#include "coordinator/config/run_config.h"
#include "google/protobuf/io/tokenizer.h"
#include "google/protobuf/text_format.h"
#include "tests/fuzz/fuzz_util.h"

namespace {

namespace config = gc9::coordinator::config;

// A scratch folder holding openings.epd.
const std::string& BaseDir() {
  static const auto* dir = [] {
    auto* path = new std::string(gc9::fuzz::ScratchDir("run-config"));
    std::ofstream(*path + "/openings.epd")
        << "# two positions\n"
        << "rcnsqkbcr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RCNSQKBCR[PPpp] w - - 0 1\n"
        << "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - id \"g\";\n";
    return path;
  }();
  return *dir;
}

// Keeps the first parse's complaints off stderr; ParseRunConfig reports its own.
class Silent : public google::protobuf::io::ErrorCollector {
 public:
  void AddError(int, google::protobuf::io::ColumnNumber, const std::string&) override {}
};

// Whether the config's openings file (if any) stays inside the scratch folder.
bool FileStaysInside(const std::string& text) {
  gc9::proto::RunConfig parsed;
  google::protobuf::TextFormat::Parser parser;
  Silent silent;
  parser.RecordErrorsTo(&silent);
  if (!parser.ParseFromString(text, &parsed)) return true;  // refused before any file is read
  const std::string& file = parsed.openings().file();
  return file.empty() || (file[0] != '/' && !absl::StrContains(file, ".."));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(gc9::fuzz::Text(data, size));
  if (!FileStaysInside(text)) return 0;
  absl::StatusOr<gc9::proto::RunConfig> parsed = config::ParseRunConfig(text, "fuzz", BaseDir());
  if (!parsed.ok()) {
    GC9_FUZZ_CHECK(absl::StartsWith(parsed.status().message(), "fuzz:"),
                   std::string(parsed.status().message()));
    return 0;
  }
  const absl::Status again = config::ValidateRunConfig(*parsed);
  GC9_FUZZ_CHECK(again.ok(), std::string(again.message()));
  config::EffectivePriority(*parsed);
  config::EffectiveBatchPairs(*parsed);
  config::TargetPairs(*parsed);
  return 0;
}
