#include "coordinator/dashboard/http_util.h"

#include <cctype>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "common/token.h"
#include "coordinator/dashboard/api.h"
#include "google/protobuf/struct.pb.h"

namespace gc9::coordinator::dashboard {

namespace {

// Anything but reading: cancel, block.
bool IsAction(const httplib::Request& request) {
  return request.method != "GET" && request.method != "HEAD";
}

int HttpStatusOf(const absl::Status& status) {
  switch (status.code()) {
    case absl::StatusCode::kInvalidArgument:
    case absl::StatusCode::kOutOfRange:
      return 400;
    case absl::StatusCode::kUnauthenticated:
      return 401;
    case absl::StatusCode::kPermissionDenied:
      return 403;
    case absl::StatusCode::kNotFound:
      return 404;
    case absl::StatusCode::kFailedPrecondition:
    case absl::StatusCode::kAlreadyExists:
      return 409;
    case absl::StatusCode::kUnavailable:
      return 503;
    default:
      return 500;
  }
}

bool IsApi(const httplib::Request& request) { return absl::StartsWith(request.path, "/api/"); }

}  // namespace

void Fail(const httplib::Request& request, httplib::Response& response,
          const absl::Status& status) {
  response.status = HttpStatusOf(status);
  if (IsApi(request)) {
    // protobuf's JSON escaping of the message as a string value; a Struct would do the same
    // through a map whose inlined code crashed in a ThreadSanitizer build.
    google::protobuf::Value message;
    message.set_string_value(std::string(status.message()));
    response.set_content(absl::StrCat("{\"error\":", ToJson(message), "}"), "application/json");
  } else {
    response.set_content(absl::StrCat(status.message(), "\n"), "text/plain; charset=utf-8");
  }
}

absl::Status CheckQuery(const httplib::Request& request,
                        const std::vector<absl::string_view>& allowed) {
  const size_t question = request.target.find('?');
  if (question == std::string::npos) return absl::OkStatus();
  const absl::string_view query = absl::string_view(request.target).substr(question + 1);
  for (size_t i = 0; i < query.size(); ++i) {
    if (query[i] != '%') continue;
    if (i + 2 >= query.size() || !std::isxdigit(static_cast<unsigned char>(query[i + 1])) ||
        !std::isxdigit(static_cast<unsigned char>(query[i + 2]))) {
      return absl::InvalidArgumentError(
          absl::StrCat("malformed query string: '%' at ", i, " is not followed by two hex digits"));
    }
  }
  for (absl::string_view part : absl::StrSplit(query, '&', absl::SkipEmpty())) {
    const absl::string_view name = part.substr(0, part.find('='));
    if (name.empty()) {
      return absl::InvalidArgumentError("malformed query string: a parameter without a name");
    }
    bool known = name == "token";
    for (absl::string_view ok : allowed) known = known || name == ok;
    if (!known) {
      return absl::InvalidArgumentError(absl::StrCat("unknown query parameter '", name, "'"));
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<int64_t> IdOf(const httplib::Request& request, absl::string_view what) {
  int64_t id = 0;
  if (request.matches.size() < 2 || !absl::SimpleAtoi(request.matches[1].str(), &id) || id < 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        "not a ", what, " id: '", request.matches.size() < 2 ? "" : request.matches[1].str(), "'"));
  }
  return id;
}

std::string GivenToken(const httplib::Request& request) {
  const std::string authorization = request.get_header_value("Authorization");
  if (absl::StartsWith(authorization, "Bearer ")) {
    return std::string(absl::StripAsciiWhitespace(authorization.substr(7)));
  }
  if (request.has_param("token")) return request.get_param_value("token");
  for (absl::string_view cookie : absl::StrSplit(request.get_header_value("Cookie"), ';')) {
    cookie = absl::StripAsciiWhitespace(cookie);
    if (absl::ConsumePrefix(&cookie, absl::StrCat(kTokenCookie, "="))) return std::string(cookie);
  }
  return "";
}

absl::Status CheckToken(const httplib::Request& request, const std::string& token,
                        bool require_token) {
  const bool action = IsAction(request);
  if (token.empty() || (!action && !require_token)) return absl::OkStatus();
  const std::string given = GivenToken(request);
  if (common::TokenMatches(given, token)) return absl::OkStatus();
  if (!given.empty()) return absl::UnauthenticatedError("wrong token");
  return absl::UnauthenticatedError(
      action ? "this action needs the coordinator's token (Authorization: Bearer TOKEN)"
             : "this dashboard needs the coordinator's token: open it once as /?token=TOKEN");
}

absl::Status CheckSameOrigin(const httplib::Request& request) {
  if (!IsAction(request) || !request.has_header("Origin")) return absl::OkStatus();
  const std::string given = request.get_header_value("Origin");
  absl::string_view origin = given;
  // The dashboard is served over http or https, on the address the browser used (Host).
  if ((absl::ConsumePrefix(&origin, "http://") || absl::ConsumePrefix(&origin, "https://")) &&
      origin == request.get_header_value("Host")) {
    return absl::OkStatus();
  }
  return absl::PermissionDeniedError(
      absl::StrCat("an action from another site's page (Origin ", given, ") is refused"));
}

}  // namespace gc9::coordinator::dashboard
