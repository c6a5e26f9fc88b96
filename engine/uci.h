// The UCI text front end: parses commands, keeps the session's variant and position, and
// answers in the format of Stockfish and Fairy-Stockfish. A bad command never ends the session.
#pragma once

#include "absl/strings/string_view.h"
#include <iosfwd>
#include <map>
#include <memory>
#include <string>

#include "absl/status/status.h"
#include "engine/position.h"

namespace gc9::engine {

class UciSession {
 public:
  explicit UciSession(std::ostream& out);

  // Handles one command line; false after `quit`.
  bool Handle(absl::string_view line);
  // Reads commands until `quit` or the end of input.
  void Run(std::istream& in);

 private:
  void Uci();
  absl::Status SetOption(absl::string_view args);
  absl::Status SetVariant(absl::string_view name);
  absl::Status SetPosition(absl::string_view args);
  absl::Status Go(absl::string_view args);
  void Display();
  void Error(absl::string_view message);

  std::ostream& out_;
  std::map<std::string, std::shared_ptr<const Variant>, std::less<>> user_variants_;
  std::unique_ptr<Position> pos_;
};

}  // namespace gc9::engine
