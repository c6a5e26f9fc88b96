// Git repositories made by the tests, for runs of revisions: gc9's tracked source as it is in
// this checkout (so its build shares ccache's objects with the build under test), committed,
// and a second commit that changes a parameter default, so that its bench differs.
#pragma once

#include <string>
#include <vector>

namespace gc9::testing {

// Runs git in `repo`; fails the test (and returns "") when git fails.
std::string Git(const std::string& repo, const std::vector<std::string>& args);

// Makes `dir` a repository of gc9's source with two commits: HEAD~1 is the source as it is,
// HEAD raises PawnValueMg's default by one.
void MakeEngineRepository(const std::string& dir);

}  // namespace gc9::testing
