#include "engine/variant_catalog.h"

#include <map>

#include "absl/strings/str_cat.h"
#include "common/file.h"
#include "common/status_macros.h"
#include "engine/game.h"
#include "google/protobuf/io/tokenizer.h"
#include "google/protobuf/text_format.h"

namespace gc9::engine {
namespace {

// Collects the text parser's complaints with their line and column.
class CollectErrors : public google::protobuf::io::ErrorCollector {
 public:
  void AddError(int line, google::protobuf::io::ColumnNumber column,
                const std::string& message) override {
    if (first_.empty()) first_ = absl::StrCat("line ", line + 1, ":", column + 1, ": ", message);
  }
  const std::string& first() const { return first_; }

 private:
  std::string first_;
};

struct Catalogue {
  std::vector<std::string> names;
  std::map<std::string, std::shared_ptr<const Variant>, std::less<>> variants;
  std::string error;  // a broken built-in definition is a build defect; reported on use
};

const Catalogue& GetCatalogue() {
  static const Catalogue* catalogue = [] {
    auto* c = new Catalogue();
    for (int i = 0; i < kEmbeddedDefinitionCount; ++i) {
      auto variant = ParseVariantText(kEmbeddedDefinitions[i].text, kEmbeddedDefinitions[i].file);
      if (!variant.ok()) {
        c->error = std::string(variant.status().message());
        continue;
      }
      c->names.push_back((*variant)->name());
      c->variants[(*variant)->name()] = *variant;
    }
    std::sort(c->names.begin(), c->names.end());
    return c;
  }();
  return *catalogue;
}

}  // namespace

absl::StatusOr<std::shared_ptr<const Variant>> ParseVariantText(absl::string_view text,
                                                                absl::string_view source) {
  proto::VariantDefinition definition;
  google::protobuf::TextFormat::Parser parser;
  CollectErrors errors;
  parser.RecordErrorsTo(&errors);
  if (!parser.ParseFromString(std::string(text), &definition)) {
    return absl::InvalidArgumentError(absl::StrCat(source, ": ", errors.first()));
  }
  auto variant = Variant::Conclude(definition);
  if (!variant.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(source, ": ", variant.status().message()));
  }
  if (auto start = Game::New(*variant); !start.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat(source, ": start_fen: ", start.status().message()));
  }
  return variant;
}

absl::StatusOr<std::shared_ptr<const Variant>> LoadVariantFile(const std::string& path) {
  ASSIGN_OR_RETURN(const std::string text, common::ReadWholeFile(path, "variant file"));
  return ParseVariantText(text, path);
}

const std::vector<std::string>& BuiltinVariantNames() { return GetCatalogue().names; }

absl::StatusOr<std::shared_ptr<const Variant>> BuiltinVariant(absl::string_view name) {
  const Catalogue& c = GetCatalogue();
  if (!c.error.empty()) return absl::InternalError(absl::StrCat("built-in variant: ", c.error));
  auto it = c.variants.find(name);
  if (it == c.variants.end()) {
    std::string known;
    for (const std::string& n : c.names) absl::StrAppend(&known, known.empty() ? "" : ", ", n);
    return absl::NotFoundError(absl::StrCat("unknown variant \"", name, "\" (known: ", known, ")"));
  }
  return it->second;
}

}  // namespace gc9::engine
