#include "tests/integration/cluster.h"

#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

#include "absl/strings/str_cat.h"
#include "common/file.h"
#include "common/rpc.h"
#include "coordinator/store/sqlite_store.h"
#include "google/protobuf/text_format.h"
#include "gtest/gtest.h"

namespace gc9::testing {

proto::RunConfig TinyRun(int pairs, int batch_pairs) {
  proto::RunConfig config;
  config.set_name("tiny");
  config.set_variant("grandchess9");
  config.mutable_engine()->set_name("a");
  config.mutable_engine()->mutable_builtin();
  config.mutable_baseline()->set_name("b");
  proto::ParamOverride* param = config.mutable_baseline()->mutable_builtin()->add_param();
  param->set_name("MobilityMg");
  param->set_value(0);
  config.mutable_time_control()->set_nodes(150);
  config.mutable_openings()->mutable_random()->set_plies(4);
  config.mutable_adjudication()->set_max_plies(24);
  config.mutable_fixed()->set_pairs(pairs);
  config.set_batch_pairs(batch_pairs);
  config.set_seed(7);
  config.set_store_pgn(true);
  return config;
}

Result Shell(const std::string& dir, const std::string& command) {
  const std::string out = dir + "/out.txt";
  const std::string err = dir + "/err.txt";
  const int status = std::system(absl::StrCat(command, " > ", out, " 2> ", err).c_str());
  Result result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.out = common::ReadWholeFile(out).value_or("");
  result.err = common::ReadWholeFile(err).value_or("");
  return result;
}

bool MakeCertificate(const std::string& dir, const std::string& name) {
  const std::string openssl = absl::StrCat(
      "openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=localhost -addext "
      "subjectAltName=IP:127.0.0.1,DNS:localhost -keyout ",
      dir, "/", name, ".key -out ", dir, "/", name, ".pem > /dev/null 2>&1");
  return std::system(openssl.c_str()) == 0;
}

std::string WriteConfig(const std::string& dir, const proto::RunConfig& config,
                        const std::string& name) {
  std::string text;
  google::protobuf::TextFormat::PrintToString(config, &text);
  const std::string path = dir + "/" + name;
  std::ofstream(path) << text;
  return path;
}

void StoredPairs(const std::string& db, int64_t run_id, int64_t* rows,
                 std::vector<int64_t>* counts) {
  auto store = coordinator::store::SqliteStore::Open(db);
  ASSERT_TRUE(store.ok());
  absl::StatusOr<coordinator::store::Snapshot> snapshot = (*store)->Load();
  ASSERT_TRUE(snapshot.ok());
  counts->assign(5, 0);
  *rows = 0;
  std::set<int64_t> seen;
  for (const proto::PairResult& pair : snapshot->pairs) {
    if (pair.run_id() != run_id) continue;
    EXPECT_TRUE(seen.insert(pair.pair_index()).second) << "pair stored twice";
    ++(*counts)[pair.pentanomial_index()];
    ++*rows;
  }
}

std::vector<int64_t> CountsOf(const proto::RunStatus& status) {
  return std::vector<int64_t>(status.pentanomial().begin(), status.pentanomial().end());
}

int FreePort() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = 0;
  bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr));
  socklen_t size = sizeof(addr);
  getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &size);
  close(fd);
  return ntohs(addr.sin_port);
}

namespace {

bool PortOpen(int port) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = htons(port);
  const bool open = connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) == 0;
  close(fd);
  return open;
}

}  // namespace

Cluster::Cluster() {
  absl::StatusOr<std::string> dir = cli::MakeTempDir("gc9-test");
  EXPECT_TRUE(dir.ok());
  dir_ = *dir;
  db_ = dir_ + "/gc9.db";
  token_file_ = dir_ + "/token";
  token_ = cli::RandomToken();
  std::ofstream(token_file_) << token_ << "\n";
  port_ = FreePort();
}

Cluster::~Cluster() {
  for (cli::ChildProcess& worker : workers_) worker.Stop(SIGKILL, 1000);
  coordinator_.Stop(SIGTERM, 5000);
  if (!::testing::Test::HasFailure()) {
    cli::RemoveTree(dir_);
  } else {
    std::fprintf(stderr, "logs kept in %s\n", dir_.c_str());
  }
}

std::string Cluster::address() const { return absl::StrCat("127.0.0.1:", port_); }

void Cluster::StartCoordinator(int64_t lease_ms, const std::vector<std::string>& extra) {
  std::vector<std::string> argv = {GC9_COORDINATOR_BINARY,
                                   "--db",
                                   db_,
                                   "--listen",
                                   address(),
                                   "--token-file",
                                   token_file_,
                                   "--lease-ms",
                                   absl::StrCat(lease_ms)};
  argv.insert(argv.end(), extra.begin(), extra.end());
  absl::StatusOr<cli::ChildProcess> child =
      cli::ChildProcess::Start(argv, dir_ + "/coordinator.log");
  ASSERT_TRUE(child.ok()) << child.status();
  coordinator_ = *child;
  client_.reset();
  // Ready when the port takes connections (asking gRPC earlier would put the channel into
  // its reconnect backoff) and the user service answers. A channel whose first call failed
  // (a TLS handshake cut short on a loaded machine) is in that backoff too: the next try
  // takes a new one.
  for (int i = 0; i < 500; ++i) {
    if (!coordinator_.Running()) break;
    if (PortOpen(port_)) {
      if (client().List().ok()) return;
      client_.reset();
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  FAIL() << "the coordinator did not come up; see " << dir_ << "/coordinator.log";
}

int Cluster::StartWorker(int concurrency, const std::string& token_file,
                         const std::vector<std::string>& extra) {
  const int index = static_cast<int>(workers_.size());
  std::vector<std::string> argv = {GC9_WORKER_BINARY,
                                   "--coordinator",
                                   address(),
                                   "--concurrency",
                                   absl::StrCat(concurrency),
                                   "--token-file",
                                   token_file.empty() ? token_file_ : token_file,
                                   "--outbox",
                                   absl::StrCat(dir_, "/worker-", index, ".outbox"),
                                   "--verbose"};
  argv.insert(argv.end(), extra.begin(), extra.end());
  absl::StatusOr<cli::ChildProcess> child = cli::ChildProcess::Start(argv, WorkerLog(index));
  EXPECT_TRUE(child.ok()) << child.status();
  workers_.push_back(*child);
  return index;
}

std::string Cluster::WorkerLog(int index) const {
  return absl::StrCat(dir_, "/worker-", index, ".log");
}

cli::UserClient& Cluster::client() {
  if (client_ == nullptr) {
    client_ = *cli::UserClient::Connect(address(), token_file_, tls_ca_);
  }
  return *client_;
}

std::unique_ptr<proto::WorkerService::Stub> Cluster::WorkerStub() {
  return proto::WorkerService::NewStub(
      common::MakeChannel(address(), grpc::InsecureChannelCredentials()));
}

int64_t Cluster::Pairs(const proto::RunStatus& status) {
  int64_t pairs = 0;
  for (int64_t count : status.pentanomial()) pairs += count;
  return pairs;
}

proto::RunStatus Cluster::WaitFor(int64_t run_id,
                                  const std::function<bool(const proto::RunStatus&)>& done,
                                  int64_t limit_ms) {
  const auto limit = std::chrono::steady_clock::now() + std::chrono::milliseconds(limit_ms);
  proto::RunStatus last;
  while (std::chrono::steady_clock::now() < limit) {
    absl::StatusOr<proto::RunStatus> status = client().Status(run_id);
    if (status.ok()) {
      last = *status;
      if (done(last)) return last;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ADD_FAILURE() << "gave up waiting on run " << run_id << "; last: " << last.ShortDebugString();
  return last;
}

// Every pair of the run counted once in the database, and which worker reported it.
std::vector<int64_t> StoredReporters(const std::string& db, int64_t run_id) {
  auto store = coordinator::store::SqliteStore::Open(db);
  EXPECT_TRUE(store.ok());
  if (!store.ok()) return {};
  absl::StatusOr<coordinator::store::Snapshot> snapshot = (*store)->Load();
  EXPECT_TRUE(snapshot.ok());
  std::set<int64_t> seen;
  std::vector<int64_t> reporters;
  for (const proto::PairResult& pair : snapshot->pairs) {
    if (pair.run_id() != run_id) continue;
    EXPECT_TRUE(seen.insert(pair.pair_index()).second) << "pair stored twice";
    reporters.push_back(pair.worker_id());
  }
  return reporters;
}

}  // namespace gc9::testing
