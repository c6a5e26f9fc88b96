#include "common/flags.h"

#include <cstdio>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

namespace gc9::common {

FlagParser::FlagParser(std::string program, std::string usage, std::string summary)
    : program_(std::move(program)), usage_(std::move(usage)), summary_(std::move(summary)) {}

void FlagParser::AddString(const std::string& name, std::string* value, const std::string& help) {
  flags_.push_back({name, Kind::kString, value, help, *value});
}

void FlagParser::AddInt(const std::string& name, int64_t* value, const std::string& help) {
  flags_.push_back({name, Kind::kInt, value, help, absl::StrCat(*value)});
}

void FlagParser::AddBool(const std::string& name, bool* value, const std::string& help) {
  flags_.push_back({name, Kind::kBool, value, help, *value ? "true" : ""});
}

absl::StatusOr<std::vector<std::string>> FlagParser::Parse(int argc, char** argv, bool* help) {
  return Parse(argc, argv, 1, help);
}

absl::StatusOr<std::vector<std::string>> FlagParser::Parse(int argc, char** argv, int first,
                                                           bool* help) {
  *help = false;
  std::vector<std::string> positional;
  for (int i = first; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--") {
      for (++i; i < argc; ++i) positional.push_back(argv[i]);
      break;
    }
    if (!absl::StartsWith(arg, "-") || arg == "-") {
      positional.push_back(arg);
      continue;
    }
    std::string name = arg.substr(arg.find_first_not_of('-'));
    std::string value;
    bool has_value = false;
    if (const size_t eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
      has_value = true;
    }
    if (name == "help" || name == "h") {
      *help = true;
      return positional;
    }
    Flag* flag = nullptr;
    for (Flag& candidate : flags_) {
      if (candidate.name == name) flag = &candidate;
    }
    if (flag == nullptr) return absl::InvalidArgumentError(absl::StrCat("unknown flag --", name));
    if (flag->kind == Kind::kBool) {
      bool* target = static_cast<bool*>(flag->value);
      if (!has_value) {
        *target = true;
      } else if (!absl::SimpleAtob(value, target)) {
        return absl::InvalidArgumentError(
            absl::StrCat("--", name, " takes true or false, not '", value, "'"));
      }
      continue;
    }
    if (!has_value) {
      if (i + 1 >= argc)
        return absl::InvalidArgumentError(absl::StrCat("--", name, " needs a value"));
      value = argv[++i];
    }
    if (flag->kind == Kind::kString) {
      *static_cast<std::string*>(flag->value) = value;
    } else if (!absl::SimpleAtoi(value, static_cast<int64_t*>(flag->value))) {
      return absl::InvalidArgumentError(
          absl::StrCat("--", name, " takes an integer, not '", value, "'"));
    }
  }
  return positional;
}

std::string FlagParser::Help() const {
  std::string text = absl::StrCat(summary_, "\n\nusage: ", usage_, "\n\nflags:\n");
  for (const Flag& flag : flags_) {
    absl::StrAppend(&text, "  --", flag.name, flag.kind == Kind::kBool ? "" : " VALUE", "\n      ",
                    flag.help);
    if (!flag.default_text.empty()) absl::StrAppend(&text, " (default: ", flag.default_text, ")");
    absl::StrAppend(&text, "\n");
  }
  absl::StrAppend(&text, "  --help\n      print this text and exit\n",
                  "\nexit status: 0 on success, 2 on a bad flag or argument, 1 on failure.\n");
  return text;
}

int FlagParser::Fail(const absl::Status& status) const {
  std::fprintf(stderr, "%s: error: %s\nRun '%s --help' for usage.\n", program_.c_str(),
               std::string(status.message()).c_str(), program_.c_str());
  return kExitUsage;
}

std::optional<int> FlagParser::ParseFlagsOnly(int argc, char** argv) {
  bool help = false;
  absl::StatusOr<std::vector<std::string>> args = Parse(argc, argv, &help);
  if (!args.ok()) return Fail(args.status());
  if (help) {
    std::fputs(Help().c_str(), stdout);
    return 0;
  }
  if (!args->empty()) {
    return Fail(absl::InvalidArgumentError(absl::StrCat("unexpected argument '", (*args)[0], "'")));
  }
  return std::nullopt;
}

}  // namespace gc9::common
