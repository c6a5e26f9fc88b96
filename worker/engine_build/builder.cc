#include "worker/engine_build/builder.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <thread>

#include "absl/strings/ascii.h"
#include "absl/strings/cord.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "common/file.h"
#include "common/sha256.h"
#include "common/status_macros.h"
#include "worker/engine_build/command.h"

namespace gc9::worker::engine_build {
namespace {

namespace fs = std::filesystem;

constexpr char kLogPayload[] = "type.gc9/build-log-tail";
constexpr size_t kLogTailBytes = 4096;

int64_t SteadyMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

bool InPath(const std::string& program) {
  const char* path = std::getenv("PATH");
  for (absl::string_view dir : absl::StrSplit(path != nullptr ? path : "", ':')) {
    if (!dir.empty() && access(absl::StrCat(dir, "/", program).c_str(), X_OK) == 0) return true;
  }
  return false;
}

std::string Short(const std::string& sha256) { return sha256.substr(0, 12); }

// A build's steps, each appending to one log, under one deadline.
class BuildSteps {
 public:
  BuildSteps(std::string log, const BuildOptions& options)
      : log_(std::move(log)),
        options_(options),
        deadline_ms_(SteadyMs() + options.build_timeout_ms) {}

  const std::string& log() const { return log_; }

  absl::Status Run(const std::string& what, const std::vector<std::string>& argv,
                   const std::vector<std::pair<std::string, std::string>>& env = {}) {
    if (options_.progress) options_.progress(what);
    { std::ofstream(log_, std::ios::app) << "$ " << absl::StrJoin(argv, " ") << "\n"; }
    CommandOptions command;
    command.log_path = log_;
    command.env = env;
    command.cancel = options_.cancel;
    command.timeout_ms = std::max<int64_t>(1, deadline_ms_ - SteadyMs());
    ASSIGN_OR_RETURN(const CommandResult result, RunCommand(argv, command));
    if (result.cancelled) return absl::CancelledError("the build was cancelled");
    if (result.ok()) return absl::OkStatus();
    return Failed(absl::StrCat(
        what, " failed (", result.Describe(),
        result.timed_out ? absl::StrCat(" after ", options_.build_timeout_ms / 1000, " s") : "",
        ")"));
  }

  // An error carrying the end of the log.
  absl::Status Failed(const std::string& message) const {
    absl::StatusOr<std::string> text = common::ReadWholeFile(log_, "build log");
    absl::Status status = absl::FailedPreconditionError(message);
    status.SetPayload(kLogPayload, absl::Cord(Tail(text.ok() ? *text : "", kLogTailBytes)));
    return status;
  }

 private:
  std::string log_;
  const BuildOptions& options_;
  int64_t deadline_ms_;
};

// Keeps a failed build's whole log for the user (the error carries only its end).
void KeepFailedLog(EngineCache& cache, const std::string& sha256, const std::string& log) {
  std::error_code ignored;
  const std::string dir = cache.dir() + "/failed";
  fs::create_directories(dir, ignored);
  fs::copy_file(log, absl::StrCat(dir, "/", sha256, ".log"), fs::copy_options::overwrite_existing,
                ignored);
}

absl::StatusOr<uint64_t> ReadBenchFile(const std::string& path) {
  ASSIGN_OR_RETURN(const std::string text, common::ReadWholeFile(path, "bench file"));
  uint64_t bench = 0;
  if (!absl::SimpleAtoi(absl::StripAsciiWhitespace(text), &bench)) {
    return absl::DataLossError(absl::StrCat("'", path, "' holds no bench signature"));
  }
  return bench;
}

// Makes a build entry in `temp`: the steps of the file comment, then entry/{gc9-engine,
// build.log, bench}.
absl::StatusOr<std::string> Build(const std::string& temp, const std::string& archive,
                                  const BuildOptions& options) {
  const std::string src = temp + "/src";
  const std::string build = src + "/build";
  std::error_code error;
  fs::create_directories(src, error);
  if (error) return absl::UnavailableError(absl::StrCat("cannot make ", src));
  BuildSteps steps(temp + "/build.log", options);
  RETURN_IF_ERROR(steps.Run("extracting", {"tar", "-xzf", archive, "-C", src, "--no-same-owner"}));
  if (!fs::exists(src + "/CMakeLists.txt")) {
    return steps.Failed("the archive holds no CMakeLists.txt at its top: not gc9's source");
  }
  std::vector<std::string> configure = {"cmake",
                                        "-S",
                                        src,
                                        "-B",
                                        build,
                                        "-G",
                                        "Ninja",
                                        "-DCMAKE_BUILD_TYPE=Release",
                                        "-DGC9_ENGINE_ONLY=ON"};
  std::vector<std::pair<std::string, std::string>> env;
  if (InPath("ccache")) {
    configure.push_back("-DCMAKE_CXX_COMPILER_LAUNCHER=ccache");
    // Paths relative to the tree: the same sources anywhere are the same objects.
    env.emplace_back("CCACHE_BASEDIR", src);
  }
  RETURN_IF_ERROR(steps.Run("configuring", configure, env));
  const int jobs = options.jobs > 0
                       ? options.jobs
                       : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  RETURN_IF_ERROR(steps.Run(
      "compiling", {"cmake", "--build", build, "--target", "gc9-engine", "-j", absl::StrCat(jobs)},
      env));
  const std::string binary = build + "/engine/gc9-engine";
  if (access(binary.c_str(), X_OK) != 0) {
    return steps.Failed("the build made no engine/gc9-engine");
  }
  if (options.progress) options.progress("running its bench");
  absl::StatusOr<uint64_t> bench =
      RunBench(binary, {"bench"}, options.bench_timeout_ms, options.cancel);
  if (!bench.ok()) return steps.Failed(absl::StrCat("its bench: ", bench.status().message()));
  const std::string entry = temp + "/entry";
  fs::create_directories(entry, error);
  fs::rename(binary, entry + "/gc9-engine", error);
  if (!error) fs::rename(steps.log(), entry + "/build.log", error);
  if (error)
    return absl::UnavailableError(absl::StrCat("cannot fill ", entry, ": ", error.message()));
  RETURN_IF_ERROR(common::WriteFileAtomically(entry + "/bench", absl::StrCat(*bench, "\n")));
  return entry;
}

}  // namespace

std::string BuildLogTail(const absl::Status& status) {
  const auto tail = status.GetPayload(kLogPayload);
  return tail.has_value() ? std::string(*tail) : "";
}

absl::StatusOr<CacheEntry> EnsureFile(EngineCache& cache, const std::string& sha256, int64_t size,
                                      const Fetcher& fetch) {
  return cache.Ensure(kFiles, sha256, [&](const std::string& temp) -> absl::StatusOr<std::string> {
    ASSIGN_OR_RETURN(common::AtomicFileWriter writer, common::AtomicFileWriter::Create(temp));
    common::Sha256 hash;
    RETURN_IF_ERROR(fetch([&](absl::string_view bytes) -> absl::Status {
      if (writer.size() + static_cast<int64_t>(bytes.size()) > size) {
        return absl::DataLossError(
            absl::StrCat("artifact ", Short(sha256), " is longer than its ", size, " bytes"));
      }
      hash.Update(bytes);
      return writer.Append(bytes);
    }));
    if (writer.size() != size) {
      return absl::DataLossError(absl::StrCat("artifact ", Short(sha256), " came with ",
                                              writer.size(), " of its ", size, " bytes"));
    }
    const std::string digest = hash.HexDigest();
    if (digest != sha256) {
      return absl::DataLossError(
          absl::StrCat("the bytes fetched as ", sha256, " have the SHA-256 ", digest));
    }
    const std::string file = temp + "/file";
    RETURN_IF_ERROR(writer.Commit(file, 0755));
    return file;
  });
}

absl::StatusOr<BuiltEngine> EnsureBuild(EngineCache& cache, const std::string& sha256,
                                        const std::function<absl::StatusOr<std::string>()>& archive,
                                        const BuildOptions& options) {
  absl::StatusOr<CacheEntry> entry =
      cache.Ensure(kBuilds, sha256, [&](const std::string& temp) -> absl::StatusOr<std::string> {
        ASSIGN_OR_RETURN(const std::string archive_path, archive());
        absl::StatusOr<std::string> built = Build(temp, archive_path, options);
        if (!built.ok() && fs::exists(temp + "/build.log")) {
          KeepFailedLog(cache, sha256, temp + "/build.log");
        }
        return built;
      });
  if (!entry.ok()) return entry.status();
  BuiltEngine engine;
  engine.binary = entry->path() + "/gc9-engine";
  engine.log = entry->path() + "/build.log";
  ASSIGN_OR_RETURN(engine.bench, ReadBenchFile(entry->path() + "/bench"));
  engine.entry = *std::move(entry);
  return engine;
}

absl::StatusOr<uint64_t> ParseBenchOutput(const std::string& output) {
  std::optional<uint64_t> found;
  for (absl::string_view line : absl::StrSplit(output, '\n')) {
    line = absl::StripAsciiWhitespace(line);
    if (!absl::ConsumePrefix(&line, "Nodes searched")) continue;
    line = absl::StripLeadingAsciiWhitespace(line);
    if (!absl::ConsumePrefix(&line, ":")) continue;
    uint64_t nodes = 0;
    if (absl::SimpleAtoi(absl::StripAsciiWhitespace(line), &nodes)) found = nodes;
  }
  if (!found.has_value()) {
    return absl::NotFoundError(
        absl::StrCat("no \"Nodes searched: N\" line in its output: ", Tail(output, 500)));
  }
  return *found;
}

absl::StatusOr<uint64_t> RunBench(const std::string& binary, const std::vector<std::string>& args,
                                  int64_t timeout_ms, const std::atomic<bool>* cancel) {
  std::vector<std::string> argv = {binary};
  argv.insert(argv.end(), args.begin(), args.end());
  CommandOptions options;
  options.timeout_ms = timeout_ms;
  options.cancel = cancel;
  ASSIGN_OR_RETURN(const CommandResult result, RunCommand(argv, options));
  if (result.cancelled) return absl::CancelledError("cancelled");
  if (!result.ok()) {
    return absl::FailedPreconditionError(absl::StrCat("`", absl::StrJoin(argv, " "), "` ended (",
                                                      result.Describe(),
                                                      "): ", Tail(result.output, 500)));
  }
  return ParseBenchOutput(result.output);
}

absl::StatusOr<uint64_t> CachedBench(EngineCache& cache, const std::string& binary,
                                     const std::string& sha256,
                                     const std::vector<std::string>& args, int64_t timeout_ms,
                                     const std::atomic<bool>* cancel) {
  std::string identity;
  if (!sha256.empty()) {
    identity = absl::StrCat("artifact\n", sha256);
  } else {
    struct stat info;
    if (stat(binary.c_str(), &info) != 0) {
      return absl::NotFoundError(absl::StrCat("no engine at '", binary, "'"));
    }
    identity = absl::StrCat("path\n", binary, "\n", info.st_size, "\n", info.st_mtim.tv_sec, ".",
                            info.st_mtim.tv_nsec);
  }
  const std::string key =
      common::Sha256Hex(absl::StrCat(identity, "\n", absl::StrJoin(args, "\n")));
  ASSIGN_OR_RETURN(
      const CacheEntry entry,
      cache.Ensure(kBenches, key, [&](const std::string& temp) -> absl::StatusOr<std::string> {
        ASSIGN_OR_RETURN(const uint64_t bench, RunBench(binary, args, timeout_ms, cancel));
        const std::string file = temp + "/bench";
        RETURN_IF_ERROR(common::WriteFileAtomically(file, absl::StrCat(bench, "\n")));
        return file;
      }));
  return ReadBenchFile(entry.path());
}

}  // namespace gc9::worker::engine_build
