#include "common/flags.h"

#include <cstdio>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

namespace gc9::common {

FlagParser::FlagParser(std::string program, std::string usage, std::string summary)
    : program_(std::move(program)), usage_(std::move(usage)), summary_(std::move(summary)) {}

void FlagParser::Add(const std::string& name, Kind kind, void* value, const std::string& help,
                     std::string default_text) {
  if (absl::StartsWith(help, "required")) default_text.clear();
  flags_.push_back({name, kind, value, help, std::move(default_text)});
}

void FlagParser::AddString(const std::string& name, std::string* value, const std::string& help) {
  Add(name, Kind::kString, value, help, *value);
}

void FlagParser::AddInt(const std::string& name, int64_t* value, const std::string& help) {
  Add(name, Kind::kInt, value, help, absl::StrCat(*value));
}

void FlagParser::AddDouble(const std::string& name, double* value, const std::string& help) {
  Add(name, Kind::kDouble, value, help, absl::StrCat(*value));
}

void FlagParser::AddDouble(const std::string& name, std::optional<double>* value,
                           const std::string& help) {
  Add(name, Kind::kOptionalDouble, value, help, value->has_value() ? absl::StrCat(**value) : "");
}

void FlagParser::AddBool(const std::string& name, bool* value, const std::string& help) {
  Add(name, Kind::kBool, value, help, *value ? "true" : "");
}

FlagParser::Flag* FlagParser::Find(const std::string& name) {
  for (Flag& flag : flags_) {
    if (flag.name == name) return &flag;
  }
  return nullptr;
}

absl::Status FlagParser::UnknownFlag(const std::string& name) const {
  return absl::InvalidArgumentError(absl_wording_ ? absl::StrCat("unknown flag '--", name, "'")
                                                  : absl::StrCat("unknown flag --", name));
}

absl::Status FlagParser::MissingValue(const std::string& name) const {
  return absl::InvalidArgumentError(absl_wording_
                                        ? absl::StrCat("flag '--", name, "' is missing its value")
                                        : absl::StrCat("--", name, " needs a value"));
}

absl::Status FlagParser::BadValue(const std::string& name, const std::string& value,
                                  const char* expected) const {
  return absl::InvalidArgumentError(
      absl_wording_
          ? absl::StrCat("bad value '", value, "' for '--", name, "': expected ", expected)
          : absl::StrCat("--", name, " takes ", expected, ", not '", value, "'"));
}

absl::Status FlagParser::Set(const Flag& flag, const std::string& value) const {
  switch (flag.kind) {
    case Kind::kString:
      *static_cast<std::string*>(flag.value) = value;
      return absl::OkStatus();
    case Kind::kInt:
      if (!absl::SimpleAtoi(value, static_cast<int64_t*>(flag.value))) {
        return BadValue(flag.name, value, "an integer");
      }
      return absl::OkStatus();
    case Kind::kDouble:
    case Kind::kOptionalDouble: {
      double number = 0;
      if (!absl::SimpleAtod(value, &number)) return BadValue(flag.name, value, "a number");
      if (flag.kind == Kind::kDouble) {
        *static_cast<double*>(flag.value) = number;
      } else {
        *static_cast<std::optional<double>*>(flag.value) = number;
      }
      return absl::OkStatus();
    }
    case Kind::kBool:
      if (!absl::SimpleAtob(value, static_cast<bool*>(flag.value))) {
        return BadValue(flag.name, value, "true or false");
      }
      return absl::OkStatus();
  }
  return absl::OkStatus();
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
    std::optional<std::string> value;
    if (const size_t eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
    }
    if (name == "help" || name == "h" || name == "list-flags") {
      list_flags_ = name == "list-flags";
      *help = true;
      return positional;
    }
    Flag* flag = Find(name);
    if (flag == nullptr && !value && absl::StartsWith(name, "no")) {
      // --noNAME turns a boolean off.
      Flag* negated = Find(name.substr(2));
      if (negated != nullptr && negated->kind == Kind::kBool) {
        *static_cast<bool*>(negated->value) = false;
        continue;
      }
    }
    if (flag == nullptr) return UnknownFlag(name);
    if (!value) {
      if (flag->kind == Kind::kBool) {
        value = "true";
      } else if (i + 1 < argc) {
        value = argv[++i];
      } else {
        return MissingValue(name);
      }
    }
    if (absl::Status status = Set(*flag, *value); !status.ok()) return status;
  }
  return positional;
}

std::string FlagParser::Help() const {
  if (list_flags_) {
    static constexpr const char* kTypes[] = {"string", "int", "double", "double", "bool"};
    std::string list;
    for (const Flag& flag : flags_) {
      absl::StrAppend(&list, "--", flag.name, " ", kTypes[static_cast<int>(flag.kind)], " ",
                      flag.default_text, "\n");
    }
    return list;
  }
  std::string text = absl::StrCat(summary_, "\n\nusage: ", usage_, "\n\nflags:\n");
  for (const Flag& flag : flags_) {
    absl::StrAppend(&text, "  --", flag.name, flag.kind == Kind::kBool ? "" : " VALUE", "\n      ",
                    flag.help);
    if (!flag.default_text.empty()) absl::StrAppend(&text, " (default: ", flag.default_text, ")");
    absl::StrAppend(&text, "\n");
  }
  absl::StrAppend(&text, "  --help\n      print this text and exit\n",
                  "\nexit status: ", exit_status_, ".\n");
  return text;
}

int FlagParser::Fail(const absl::Status& status) const {
  std::fprintf(stderr, "%s: error: %s\nRun '%s --help' for usage.\n", program_.c_str(),
               std::string(status.message()).c_str(), program_.c_str());
  return kExitUsage;
}

std::optional<int> FlagParser::ParseFlagsOnly(int argc, char** argv, int first) {
  bool help = false;
  absl::StatusOr<std::vector<std::string>> args = Parse(argc, argv, first, &help);
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
