// A coordinator and workers as real processes on loopback, for the integration and fault
// tests: a private directory with the database, the token and every log.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "coordinator/cli/process.h"
#include "coordinator/cli/user_client.h"
#include "proto/coordinator.grpc.pb.h"

namespace gc9::testing {

namespace cli = coordinator::cli;

// A small fixed run of the built-in engine against itself that plays fast.
proto::RunConfig TinyRun(int pairs, int batch_pairs);

struct Result {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// Runs a shell command line with stdout and stderr captured apart (files in `dir`).
Result Shell(const std::string& dir, const std::string& command);

// Writes the config as protobuf text to DIR/NAME; returns the path.
std::string WriteConfig(const std::string& dir, const proto::RunConfig& config,
                        const std::string& name = "run.textproto");

// The pairs of `run_id` stored in the database `db` (read while no coordinator writes it):
// their number and pentanomial counts; a pair stored twice fails the test.
void StoredPairs(const std::string& db, int64_t run_id, int64_t* rows,
                 std::vector<int64_t>* counts);
// A status's pentanomial counts, to compare with StoredPairs'.
std::vector<int64_t> CountsOf(const proto::RunStatus& status);

// The worker that reported each pair of `run_id` stored in the database `db` (read while no
// coordinator writes it); fails the test if a pair is stored twice.
std::vector<int64_t> StoredReporters(const std::string& db, int64_t run_id);

// Makes a self-signed certificate for 127.0.0.1 as DIR/NAME.pem with its key DIR/NAME.key;
// false when openssl is missing.
bool MakeCertificate(const std::string& dir, const std::string& name);

// A free loopback port (bound and released; good enough for tests).
int FreePort();

class Cluster {
 public:
  Cluster();
  ~Cluster();  // stops every process, removes the directory

  const std::string& dir() const { return dir_; }
  const std::string& db() const { return db_; }
  const std::string& token_file() const { return token_file_; }
  std::string address() const;

  // Starts (or restarts) the coordinator on the cluster's port and waits until it answers.
  void StartCoordinator(int64_t lease_ms = 60000, const std::vector<std::string>& extra = {});
  cli::ChildProcess& coordinator() { return coordinator_; }
  // Starts a worker; returns its index.
  int StartWorker(int concurrency = 1, const std::string& token_file = "",
                  const std::vector<std::string>& extra = {});
  // Makes client() connect with TLS, trusting this PEM certificate.
  void UseTls(const std::string& ca_file) {
    tls_ca_ = ca_file;
    client_.reset();
  }
  cli::ChildProcess& worker(int index) { return workers_[index]; }
  std::string WorkerLog(int index) const;

  cli::UserClient& client();
  std::unique_ptr<proto::WorkerService::Stub> WorkerStub();
  std::string token() const { return token_; }

  // Polls the run's status until `done` holds; fails the test (and returns the last status)
  // after `limit_ms`, which is a guard against hangs, not a measurement.
  proto::RunStatus WaitFor(int64_t run_id, const std::function<bool(const proto::RunStatus&)>& done,
                           int64_t limit_ms = 120000);
  static int64_t Pairs(const proto::RunStatus& status);

 private:
  std::string dir_;
  std::string db_;
  std::string token_file_;
  std::string token_;
  int port_ = 0;
  std::string tls_ca_;
  cli::ChildProcess coordinator_;
  std::vector<cli::ChildProcess> workers_;
  std::unique_ptr<cli::UserClient> client_;
};

}  // namespace gc9::testing
