// What every dashboard route needs of a request: its query checked, its id read, its token
// found, and errors answered the same way (JSON for the API, a line of text for pages).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "httplib.h"

namespace gc9::coordinator::dashboard {

inline constexpr char kTokenCookie[] = "gc9_token";

// The status's HTTP code (InvalidArgument 400, Unauthenticated 401, NotFound 404, ...) and its
// message: {"error": MESSAGE} under /api/, the message as text elsewhere.
void Fail(const httplib::Request& request, httplib::Response& response, const absl::Status& status);

// Every '%' in the query starts an escape of two hex digits, and every parameter has a name
// from `allowed` (or is the token): a typo in a script's query is an error, not ignored.
absl::Status CheckQuery(const httplib::Request& request,
                        const std::vector<absl::string_view>& allowed);

// The route's first captured number as a positive id; InvalidArgument naming `what` else.
absl::StatusOr<int64_t> IdOf(const httplib::Request& request, absl::string_view what);

// The token the request carries: "Authorization: Bearer T", ?token=T (how a person opens a
// dashboard that needs it, once), or the cookie that answer set; empty without one.
std::string GivenToken(const httplib::Request& request);

// Reading needs the token only with require_token; actions (anything but GET and HEAD)
// whenever the coordinator has one. Unauthenticated, saying how to give it, else.
absl::Status CheckToken(const httplib::Request& request, const std::string& token,
                        bool require_token);

// An action sent by a page of another site is refused (PermissionDenied): browsers name the
// page's origin on every cross-site POST, and a coordinator without a token would otherwise
// let any page a user visits cancel runs on it. Requests without an Origin (gc9's tools,
// curl) pass.
absl::Status CheckSameOrigin(const httplib::Request& request);

}  // namespace gc9::coordinator::dashboard
