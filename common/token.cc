#include "common/token.h"

namespace gc9::common {

bool TokenMatches(absl::string_view given, absl::string_view expected) {
  unsigned char diff = given.size() == expected.size() ? 0 : 1;
  for (size_t i = 0; i < expected.size(); ++i) {
    diff |= static_cast<unsigned char>(expected[i] ^ (i < given.size() ? given[i] : 0));
  }
  return diff == 0;
}

}  // namespace gc9::common
