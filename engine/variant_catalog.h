// Where variants come from: the built-in definitions (configs/variants/*.textproto, compiled
// into the engine so it runs without the configs folder) and a user's own definition file.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/variant.h"

namespace gc9::engine {

// Parses a definition in protobuf text format, concludes it and checks its start FEN.
// Errors begin with `source` (a file name) and give the line or field and the problem.
absl::StatusOr<std::shared_ptr<const Variant>> ParseVariantText(absl::string_view text,
                                                                absl::string_view source);
absl::StatusOr<std::shared_ptr<const Variant>> LoadVariantFile(const std::string& path);

// The built-in variants, in the order of their names; concluded once, on first use.
const std::vector<std::string>& BuiltinVariantNames();
absl::StatusOr<std::shared_ptr<const Variant>> BuiltinVariant(absl::string_view name);

// Generated from configs/variants by CMake: {file name, text} for every built-in definition.
struct EmbeddedDefinition {
  const char* file;
  const char* text;
};
extern const EmbeddedDefinition kEmbeddedDefinitions[];
extern const int kEmbeddedDefinitionCount;

}  // namespace gc9::engine
