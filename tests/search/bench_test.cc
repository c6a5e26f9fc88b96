// bench: its node count is the engine's signature, recorded in engine/bench.h.
#include "engine/bench.h"

#include <set>
#include <sstream>

#include "engine/uci.h"
#include "engine/variant_catalog.h"
#include "gtest/gtest.h"

namespace gc9::engine {
namespace {

TEST(BenchTest, CoversEveryBuiltinVariant) {
  std::set<std::string> covered;
  for (const BenchPosition& p : BenchPositions()) covered.insert(p.variant);
  for (const std::string& name : BuiltinVariantNames()) EXPECT_TRUE(covered.count(name)) << name;
}

TEST(BenchTest, NodeCountIsTheSignature) {
  std::ostringstream out;
  UciSession session(out);
  session.Handle("bench");
  const std::string text = out.str();
  EXPECT_NE(text.find("Nodes searched: " + std::to_string(kBenchSignature) + "\n"),
            std::string::npos)
      << text.substr(text.find("Nodes searched"));
  EXPECT_NE(text.find("Nodes/second: "), std::string::npos);
}

}  // namespace
}  // namespace gc9::engine
