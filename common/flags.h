// Command-line flags for gc9's binaries: --name VALUE or --name=VALUE, --help, and an error
// naming the problem for anything else (the binaries exit 2 on it). Not absl::flags because
// those are process-global and exit 1 on a bad flag.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace gc9::common {

class FlagParser {
 public:
  // `usage` is the synopsis line, `summary` says what the command does.
  FlagParser(std::string program, std::string usage, std::string summary);

  void AddString(const std::string& name, std::string* value, const std::string& help);
  void AddInt(const std::string& name, int64_t* value, const std::string& help);
  void AddBool(const std::string& name, bool* value, const std::string& help);

  // Fills the flags and returns the positional arguments; sets *help for --help or -h.
  absl::StatusOr<std::vector<std::string>> Parse(int argc, char** argv, bool* help);
  // As above over argv[first..argc), for commands dispatched from a shared binary.
  absl::StatusOr<std::vector<std::string>> Parse(int argc, char** argv, int first, bool* help);

  // The prologue of a command without positional arguments: parses, prints --help, refuses
  // stray arguments. Returns the exit code when the command should end now (0 after --help,
  // 2 on an error, already reported), nothing when it should go on.
  std::optional<int> ParseFlagsOnly(int argc, char** argv);

  std::string Help() const;
  // Prints "PROGRAM: error: MESSAGE" and the --help hint on stderr; returns 2.
  int Fail(const absl::Status& status) const;
  const std::string& program() const { return program_; }

 private:
  enum class Kind { kString, kInt, kBool };
  struct Flag {
    std::string name;
    Kind kind;
    void* value;
    std::string help;
    std::string default_text;
  };

  std::string program_;
  std::string usage_;
  std::string summary_;
  std::vector<Flag> flags_;
};

inline constexpr int kExitUsage = 2;

}  // namespace gc9::common
