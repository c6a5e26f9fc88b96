#include "coordinator/dashboard/dashboard.h"

#include <chrono>
#include <cstdio>
#include <utility>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "common/file.h"
#include "coordinator/dashboard/api.h"
#include "coordinator/dashboard/http_util.h"
#include "coordinator/dashboard/web_assets.h"
#include "httplib.h"

namespace gc9::coordinator::dashboard {
namespace {

// Threads answering HTTP: each waits on the executor while its request is handled, so a few
// browsers never queue behind one another, and a flood never grows past this.
constexpr size_t kHttpThreads = 8;

}  // namespace

absl::StatusOr<std::unique_ptr<Dashboard>> Dashboard::Start(core::Core* core,
                                                            core::Executor* executor,
                                                            core::ReadSide* reads,
                                                            const DashboardOptions& options) {
  const size_t colon = options.listen.rfind(':');
  int port = -1;
  if (colon == std::string::npos || colon == 0 ||
      !absl::SimpleAtoi(options.listen.substr(colon + 1), &port) || port < 0 || port > 65535) {
    return absl::InvalidArgumentError(
        absl::StrCat("--http '", options.listen, "' is not HOST:PORT (port 0 picks a free one)"));
  }
  std::string host = options.listen.substr(0, colon);
  if (host.size() > 2 && host.front() == '[' && host.back() == ']')
    host = host.substr(1, host.size() - 2);
  std::unique_ptr<Dashboard> dashboard(new Dashboard());
  if (!options.tls_cert_file.empty()) {
    auto https = std::make_unique<httplib::SSLServer>(options.tls_cert_file.c_str(),
                                                      options.tls_key_file.c_str());
    if (!https->is_valid()) {
      return absl::InvalidArgumentError(absl::StrCat("the dashboard's TLS: cannot use ",
                                                     options.tls_cert_file, " and ",
                                                     options.tls_key_file));
    }
    dashboard->http_ = std::move(https);
    dashboard->tls_ = true;
  } else {
    dashboard->http_ = std::make_unique<httplib::Server>();
  }
  httplib::Server& http = *dashboard->http_;
  http.new_task_queue = [] { return new httplib::ThreadPool(kHttpThreads); };
  http.set_payload_max_length(64 << 10);  // no route takes a body
  http.set_read_timeout(10);
  http.set_write_timeout(30);

  // Chart.js is read once; a missing file leaves the pages without charts, not broken.
  std::string chartjs;
  if (absl::StatusOr<std::string> file = common::ReadWholeFile(options.chartjs_file, "Chart.js");
      file.ok()) {
    chartjs = *std::move(file);
  } else {
    std::fprintf(stderr,
                 "gc9-coordinator: the dashboard has no charts: %s (install libjs-chart.js)\n",
                 std::string(file.status().message()).c_str());
  }

  auto api = std::make_shared<Api>(core, executor, reads);
  http.set_pre_routing_handler([token = options.token, require_token = options.require_token](
                                   const httplib::Request& request, httplib::Response& response) {
    absl::Status allowed = CheckSameOrigin(request);
    if (allowed.ok()) allowed = CheckToken(request, token, require_token);
    if (!allowed.ok()) {
      Fail(request, response, allowed);
      return httplib::Server::HandlerResponse::Handled;
    }
    if (!token.empty() && request.has_param("token")) {
      // The page's own requests then carry it without putting it in every address.
      response.set_header("Set-Cookie", absl::StrCat(kTokenCookie, "=", GivenToken(request),
                                                     "; Path=/; HttpOnly; SameSite=Strict"));
    }
    return httplib::Server::HandlerResponse::Unhandled;
  });

  // A page is a shell whose script fetches the API; the address of an unknown run is a 404.
  auto page = [api](absl::string_view name, std::vector<absl::string_view> allowed) {
    return [api, name, allowed](const httplib::Request& request, httplib::Response& response) {
      if (absl::Status query = CheckQuery(request, allowed); !query.ok()) {
        return Fail(request, response, query);
      }
      if (request.matches.size() > 1) {
        absl::StatusOr<int64_t> id = IdOf(request, "run");
        absl::StatusOr<std::string> run = id.ok() ? api->RunConfigText(*id) : id.status();
        if (!run.ok()) return Fail(request, response, run.status());
      }
      const WebAsset* asset = FindWebAsset(name);
      response.set_content(std::string(asset->body), std::string(asset->content_type));
    };
  };
  http.Get("/", page("index.html", {"state"}));
  http.Get(R"(/runs/(\d+))", page("run.html", {}));
  http.Get("/workers", page("workers.html", {}));
  http.Get(R"(/static/(gc9\.js|gc9\.css))",
           [](const httplib::Request& request, httplib::Response& response) {
             const WebAsset* asset = FindWebAsset(request.matches[1].str());
             response.set_header("Cache-Control", "no-cache");
             response.set_content(std::string(asset->body), std::string(asset->content_type));
           });
  http.Get("/static/chart.min.js", [chartjs](const httplib::Request& request,
                                             httplib::Response& response) {
    if (chartjs.empty()) {
      return Fail(request, response, absl::NotFoundError("Chart.js is not installed here"));
    }
    response.set_header("Cache-Control", "max-age=86400");
    response.set_content(chartjs, "text/javascript; charset=utf-8");
  });

  // Answers with `make`'s JSON or its error.
  auto json = [](std::vector<absl::string_view> allowed, auto make) {
    return [allowed, make](const httplib::Request& request, httplib::Response& response) {
      if (absl::Status query = CheckQuery(request, allowed); !query.ok()) {
        return Fail(request, response, query);
      }
      absl::StatusOr<std::string> body = make(request);
      if (!body.ok()) return Fail(request, response, body.status());
      response.set_header("Cache-Control", "no-store");
      response.set_content(*body, "application/json");
    };
  };
  http.Get("/api/runs", json({"state"}, [api](const httplib::Request& request) {
             return api->RunsJson(request.get_param_value("state"));
           }));
  http.Get(R"(/api/runs/(\d+))",
           json({}, [api](const httplib::Request& request) -> absl::StatusOr<std::string> {
             absl::StatusOr<int64_t> id = IdOf(request, "run");
             if (!id.ok()) return id.status();
             return api->RunJson(*id);
           }));
  http.Get("/api/workers", json({}, [api](const httplib::Request&) { return api->WorkersJson(); }));
  http.Post(R"(/api/runs/(\d+)/cancel)",
            json({}, [api](const httplib::Request& request) -> absl::StatusOr<std::string> {
              absl::StatusOr<int64_t> id = IdOf(request, "run");
              if (!id.ok()) return id.status();
              return api->CancelJson(*id);
            }));
  http.Post(R"(/api/workers/(\d+)/(block|unblock))",
            json({}, [api](const httplib::Request& request) -> absl::StatusOr<std::string> {
              absl::StatusOr<int64_t> id = IdOf(request, "worker");
              if (!id.ok()) return id.status();
              return api->SetBlockedJson(*id, request.matches[2].str() == "block");
            }));
  http.Get(R"(/api/runs/(\d+)/config)",
           [api](const httplib::Request& request, httplib::Response& response) {
             if (absl::Status query = CheckQuery(request, {}); !query.ok())
               return Fail(request, response, query);
             absl::StatusOr<int64_t> id = IdOf(request, "run");
             absl::StatusOr<std::string> text = id.ok() ? api->RunConfigText(*id) : id.status();
             if (!text.ok()) return Fail(request, response, text.status());
             response.set_content(*text, "text/plain; charset=utf-8");
           });
  // The games, a page of pairs at a time from the read side, so a long run's PGN never sits
  // in memory whole.
  http.Get(R"(/api/runs/(\d+)/pgn)", [api](const httplib::Request& request,
                                           httplib::Response& response) {
    if (absl::Status query = CheckQuery(request, {}); !query.ok())
      return Fail(request, response, query);
    absl::StatusOr<int64_t> id = IdOf(request, "run");
    // The first page answers the request's status (an unknown run is a 404, not an empty file).
    absl::StatusOr<proto::ExportPgnReply> first = id.ok() ? api->PgnPage(*id, -1) : id.status();
    if (!first.ok()) return Fail(request, response, first.status());
    response.set_header("Content-Disposition",
                        absl::StrCat("attachment; filename=\"gc9-run-", *id, ".pgn\""));
    auto page = std::make_shared<proto::ExportPgnReply>(*std::move(first));
    const int64_t run_id = *id;
    response.set_chunked_content_provider(
        "application/x-chess-pgn", [api, page, run_id](size_t, httplib::DataSink& sink) {
          if (!page->pgn().empty() && !sink.write(page->pgn().data(), page->pgn().size())) {
            return false;
          }
          if (page->done()) {
            sink.done();
            return true;
          }
          absl::StatusOr<proto::ExportPgnReply> next = api->PgnPage(run_id, page->last_pair());
          if (!next.ok()) return false;  // the headers are gone; cutting the body says it failed
          *page = *std::move(next);
          return true;
        });
  });
  http.set_error_handler([](const httplib::Request& request, httplib::Response& response) {
    // Only the statuses nobody set: unknown addresses and wrong methods.
    if (!response.body.empty()) return;
    Fail(request, response,
         response.status == 404 ? absl::NotFoundError(absl::StrCat("no page ", request.path))
                                : absl::Status(absl::StatusCode::kInvalidArgument,
                                               absl::StrCat(request.method, " ", request.path,
                                                            ": HTTP ", response.status)));
  });
  http.set_exception_handler(
      [](const httplib::Request& request, httplib::Response& response, std::exception_ptr) {
        Fail(request, response, absl::InternalError("the dashboard failed on this request"));
      });

  dashboard->port_ =
      port == 0 ? http.bind_to_any_port(host) : (http.bind_to_port(host, port) ? port : -1);
  if (dashboard->port_ < 0) {
    return absl::UnavailableError(absl::StrCat("the dashboard cannot listen on ", options.listen));
  }
  dashboard->thread_ = std::thread([&http] { http.listen_after_bind(); });
  // Stop() stops only a server that runs: wait for it, so a stop right after a start returns.
  for (int waited = 0; !http.is_running() && waited < 5000; ++waited) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return dashboard;
}

Dashboard::~Dashboard() { Stop(); }

void Dashboard::Stop() {
  if (!http_) return;
  http_->stop();
  if (thread_.joinable()) thread_.join();
  http_.reset();
}

}  // namespace gc9::coordinator::dashboard
