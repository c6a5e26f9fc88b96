// Parameter files (`gc9-engine --params FILE`, the SPSA export): all or nothing. A refused file
// changes no value; an accepted one leaves every value in its range, and the listing of the
// result reads back to the same values.
#include <string>

#include "absl/strings/str_join.h"
#include "engine/params.h"
#include "tests/fuzz/fuzz_util.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using gc9::engine::Params;
  using gc9::engine::ParamSpecs;
  Params params;
  const auto before = params.snapshot().values;
  if (!params.ApplyText(gc9::fuzz::Text(data, size), "fuzz").ok()) {
    GC9_FUZZ_CHECK(params.snapshot().values == before, "a refused file changed values");
    return 0;
  }
  for (int i = 0; i < gc9::engine::kParamCount; ++i) {
    const int value = params.snapshot().values[i];
    GC9_FUZZ_CHECK(value >= ParamSpecs()[i].min && value <= ParamSpecs()[i].max,
                   std::string(ParamSpecs()[i].name) + " = " + std::to_string(value));
  }
  Params copy;
  const std::string listing = absl::StrJoin(params.Listing(), "\n");
  GC9_FUZZ_CHECK(copy.ApplyText(listing, "listing").ok(), listing);
  for (int i = 0; i < gc9::engine::kParamCount; ++i) {
    if (!ParamSpecs()[i].tuned) continue;  // the listing holds the tuned ones only
    GC9_FUZZ_CHECK(copy.Get(gc9::engine::ParamId(i)) == params.Get(gc9::engine::ParamId(i)),
                   ParamSpecs()[i].name);
  }
  return 0;
}
