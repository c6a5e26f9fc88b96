#include "coordinator/report/xml_check.h"

#include "gtest/gtest.h"

namespace gc9::coordinator::report {
namespace {

TEST(XmlCheckTest, AcceptsAndCounts) {
  absl::StatusOr<std::map<std::string, int>> counts = CheckWellFormedXml(
      "<?xml version=\"1.0\"?>\n<!-- c --><svg a=\"1\" b='x &amp; "
      "y'><g><rect/><rect x=\"1\"/>"
      "</g><text>a &lt; b &#x41;</text></svg>\n");
  ASSERT_TRUE(counts.ok()) << counts.status();
  EXPECT_EQ((*counts)["rect"], 2);
  EXPECT_EQ((*counts)["svg"], 1);
  EXPECT_EQ((*counts)["text"], 1);
}

TEST(XmlCheckTest, RejectsBrokenDocuments) {
  for (const char* bad : {
           "<svg><g></svg>",         // unbalanced
           "<svg></g>",              // wrong close
           "<svg>",                  // never closed
           "<svg/><svg/>",           // two roots
           "<svg a=1/>",             // unquoted attribute
           "<svg a=\"1\"b=\"2\"/>",  // attributes run together
           "<svg>a & b</svg>",       // bare ampersand
           "<svg>&nbsp;</svg>",      // unknown entity
           "<svg>1 < 2</svg>",       // stray '<'
           "text<svg/>",             // text outside the root
           "",                       // nothing
       }) {
    EXPECT_FALSE(CheckWellFormedXml(bad).ok()) << bad;
  }
}

}  // namespace
}  // namespace gc9::coordinator::report
