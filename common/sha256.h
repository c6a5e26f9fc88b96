// SHA-256, the name of every artifact (engine archives and binaries): OpenSSL's digest, fed in
// pieces, as lowercase hexadecimal.
#pragma once

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace gc9::common {

class Sha256 {
 public:
  Sha256();
  ~Sha256();
  Sha256(Sha256&&) noexcept;
  Sha256& operator=(Sha256&&) noexcept;

  void Update(absl::string_view data);
  // The digest of everything given so far, as 64 lowercase hexadecimal digits; the object then
  // starts over.
  std::string HexDigest();

 private:
  struct Context;
  std::unique_ptr<Context> context_;
};

std::string Sha256Hex(absl::string_view data);
// The digest of a file's bytes, read in pieces.
absl::StatusOr<std::string> Sha256OfFile(const std::string& path);

// Whether `text` can name an artifact: exactly 64 lowercase hexadecimal digits. Only such names
// ever reach a file system path.
bool IsSha256Hex(absl::string_view text);

}  // namespace gc9::common
