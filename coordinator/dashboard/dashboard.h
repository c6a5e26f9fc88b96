// The coordinator's web dashboard (cpp-httplib): pages that show every run, one run's
// statistics and charts, and the fleet, and the same data as JSON for scripts. Every answer
// comes from the core through its executor (as gRPC's do) or from the read side (PGN), so
// the HTTP threads never touch the core's state or read SQLite on the executor's thread; a
// slow browser holds only an HTTP thread.
#pragma once

#include <memory>
#include <string>
#include <thread>

#include "absl/status/statusor.h"
#include "coordinator/core/core.h"
#include "coordinator/core/executor.h"
#include "coordinator/core/read_side.h"

namespace httplib {
class Server;
}

namespace gc9::coordinator::dashboard {

struct DashboardOptions {
  std::string listen = "127.0.0.1:0";  // HOST:PORT; port 0 picks a free one
  // The coordinator's shared secret. When set, actions (cancel, block) need it; with
  // require_token, reading does too.
  std::string token;
  bool require_token = false;
  std::string tls_cert_file;  // both set: HTTPS
  std::string tls_key_file;
  // Debian's libjs-chart.js; without it the pages show their numbers but no charts.
  std::string chartjs_file = "/usr/share/javascript/chart.js/chart.min.js";
};

class Dashboard {
 public:
  // `core` runs on `executor`; they and `reads` must outlive the dashboard.
  static absl::StatusOr<std::unique_ptr<Dashboard>> Start(core::Core* core,
                                                          core::Executor* executor,
                                                          core::ReadSide* reads,
                                                          const DashboardOptions& options);
  ~Dashboard();  // Stop()

  int port() const { return port_; }
  bool tls() const { return tls_; }
  // Stops listening and waits for the requests in flight; call it before the executor stops.
  void Stop();

 private:
  Dashboard() = default;

  std::unique_ptr<httplib::Server> http_;
  std::thread thread_;
  int port_ = 0;
  bool tls_ = false;
};

}  // namespace gc9::coordinator::dashboard
