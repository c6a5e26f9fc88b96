// Command-line flags for gc9's binaries: --name VALUE or --name=VALUE, --noNAME for a boolean,
// --help, --list-flags (the flags for programs: what deploy/'s tests check manifests against),
// and an error naming the problem for anything else (the binaries exit 2 on it). Not
// absl::flags because those are process-global and exit 1 on a bad flag.
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

  // Each flag's help shows its current value as the default, unless the help starts with
  // "required" or the value is empty (an unset optional).
  void AddString(const std::string& name, std::string* value, const std::string& help);
  void AddInt(const std::string& name, int64_t* value, const std::string& help);
  void AddDouble(const std::string& name, double* value, const std::string& help);
  void AddDouble(const std::string& name, std::optional<double>* value, const std::string& help);
  void AddBool(const std::string& name, bool* value, const std::string& help);

  // gc9-spsa words flag errors as absl's flags did ("unknown flag '--x'", "flag '--x' is
  // missing its value", "bad value 'v' for '--x': expected an integer"), which its users'
  // scripts match; every other binary keeps the plain wording ("unknown flag --x").
  void UseAbslWording() { absl_wording_ = true; }
  // The last line of --help; by default "0 on success, 2 on a bad flag or argument, 1 on
  // failure".
  void set_exit_status(std::string text) { exit_status_ = std::move(text); }

  // Fills the flags and returns the positional arguments; sets *help for --help, -h or
  // --list-flags.
  absl::StatusOr<std::vector<std::string>> Parse(int argc, char** argv, bool* help);
  // As above over argv[first..argc), for commands dispatched from a shared binary.
  absl::StatusOr<std::vector<std::string>> Parse(int argc, char** argv, int first, bool* help);

  // The prologue of a command without positional arguments: parses, prints --help, refuses
  // stray arguments. Returns the exit code when the command should end now (0 after --help,
  // 2 on an error, already reported), nothing when it should go on.
  std::optional<int> ParseFlagsOnly(int argc, char** argv, int first = 1);

  // What *help asked for: the usage text, or after --list-flags one line a flag,
  // "--NAME TYPE DEFAULT" (TYPE: string, int, double or bool; DEFAULT may be empty).
  std::string Help() const;
  // Prints "PROGRAM: error: MESSAGE" and the --help hint on stderr; returns 2.
  int Fail(const absl::Status& status) const;
  const std::string& program() const { return program_; }

 private:
  enum class Kind { kString, kInt, kDouble, kOptionalDouble, kBool };
  struct Flag {
    std::string name;
    Kind kind;
    void* value;
    std::string help;
    std::string default_text;
  };

  void Add(const std::string& name, Kind kind, void* value, const std::string& help,
           std::string default_text);
  Flag* Find(const std::string& name);
  // Stores `value` into a flag that takes one.
  absl::Status Set(const Flag& flag, const std::string& value) const;
  absl::Status UnknownFlag(const std::string& name) const;
  absl::Status MissingValue(const std::string& name) const;
  absl::Status BadValue(const std::string& name, const std::string& value,
                        const char* expected) const;

  std::string program_;
  std::string usage_;
  std::string summary_;
  std::vector<Flag> flags_;
  bool absl_wording_ = false;
  bool list_flags_ = false;  // --list-flags was given
  std::string exit_status_ = "0 on success, 2 on a bad flag or argument, 1 on failure";
};

inline constexpr int kExitUsage = 2;

}  // namespace gc9::common
