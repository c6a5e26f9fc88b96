#include "tests/deploy/slurm_cluster.h"

#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <thread>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "common/file.h"
#include "common/status_macros.h"
#include "gtest/gtest.h"
#include "tests/integration/cluster.h"

namespace gc9::testing {
namespace {

namespace cli = coordinator::cli;
using Clock = std::chrono::steady_clock;

// The daemons live in sbin, which a user's PATH may not have.
std::string Which(const std::string& program) {
  const char* path = std::getenv("PATH");
  for (absl::string_view dir : absl::StrSplit(
           absl::StrCat(path != nullptr ? path : "", ":/usr/sbin:/sbin:/usr/local/sbin"), ':')) {
    if (dir.empty()) continue;
    const std::string candidate = absl::StrCat(dir, "/", program);
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return "";
}

// Waits for `child` to end (a guard against hangs, not a measurement); its wait status.
int Wait(cli::ChildProcess& child, int64_t limit_ms) {
  const Clock::time_point limit = Clock::now() + std::chrono::milliseconds(limit_ms);
  while (child.Running() && Clock::now() < limit) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return child.Stop(SIGKILL, 0);
}

}  // namespace

std::string SlurmCluster::Unavailable() {
  for (const char* program : {"munged", "slurmctld", "slurmd", "sbatch", "squeue", "scancel"}) {
    if (Which(program).empty()) {
      return absl::StrCat(program, " is not installed (Debian: slurm-wlm and munge)");
    }
  }
  if (geteuid() != 0) return "slurmd must run as root to start jobs";
  return "";
}

SlurmCluster::SlurmCluster() {
  absl::StatusOr<std::string> dir = cli::MakeTempDir("gc9-slurm");
  EXPECT_TRUE(dir.ok()) << dir.status();
  dir_ = *dir;
  conf_ = dir_ + "/slurm.conf";
  cpus_ = std::max(1u, std::thread::hardware_concurrency());
}

SlurmCluster::~SlurmCluster() {
  StopAll();
  if (!::testing::Test::HasFailure()) {
    cli::RemoveTree(dir_);
  } else {
    std::fprintf(stderr, "Slurm's files and logs kept in %s\n", dir_.c_str());
  }
}

absl::Status SlurmCluster::StartDaemon(cli::ChildProcess* child,
                                       const std::vector<std::string>& argv,
                                       const std::string& log) {
  absl::StatusOr<cli::ChildProcess> started = cli::ChildProcess::Start(argv, log);
  if (!started.ok()) return started.status();
  *child = *started;
  return absl::OkStatus();
}

absl::Status SlurmCluster::Start() {
  // 1. Directories. munged wants its socket's directory searchable by all, its key private.
  const std::string run = dir_ + "/run";
  const std::string munge = dir_ + "/munge";
  chmod(dir_.c_str(), 0711);
  mkdir(run.c_str(), 0755);
  mkdir(munge.c_str(), 0700);
  mkdir((dir_ + "/state").c_str(), 0700);
  mkdir((dir_ + "/spool").c_str(), 0700);
  const std::string socket = run + "/munge.socket";
  const std::string key = munge + "/munge.key";
  {
    std::ofstream out(key, std::ios::binary);
    for (int i = 0; i < 64; ++i) out << cli::RandomToken();  // 1024 bytes
  }
  chmod(key.c_str(), 0400);

  // 2. munged, and the configuration that points Slurm at its socket.
  RETURN_IF_ERROR(
      StartDaemon(&munged_,
                  {Which("munged"), "--foreground", "--socket=" + socket, "--key-file=" + key,
                   "--log-file=" + munge + "/munged.log", "--pid-file=" + run + "/munged.pid",
                   "--seed-file=" + munge + "/munged.seed"},
                  dir_ + "/munged.out"));
  for (int i = 0; i < 500 && access(socket.c_str(), F_OK) != 0 && munged_.Running(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  if (access(socket.c_str(), F_OK) != 0) {
    return absl::UnavailableError(absl::StrCat("munged did not start; see ", dir_, "/munged.out"));
  }
  std::ofstream(conf_) << "ClusterName=gc9test\n"
                       << "SlurmctldHost=localhost(127.0.0.1)\n"
                       << "SlurmUser=root\nSlurmdUser=root\n"
                       << "SlurmctldPort=" << FreePort() << "\nSlurmdPort=" << FreePort() << "\n"
                       << "AuthType=auth/munge\nCredType=cred/munge\n"
                       << "AuthInfo=socket=" << socket << "\n"
                       << "StateSaveLocation=" << dir_ << "/state\n"
                       << "SlurmdSpoolDir=" << dir_ << "/spool\n"
                       << "SlurmctldPidFile=" << run << "/slurmctld.pid\n"
                       << "SlurmdPidFile=" << run << "/slurmd.pid\n"
                       << "SlurmctldLogFile=" << dir_ << "/slurmctld.log\n"
                       << "SlurmdLogFile=" << dir_
                       << "/slurmd.log\n"
                       // No cgroups in a container: track processes by their parents.
                       << "ProctrackType=proctrack/linuxproc\nTaskPlugin=task/none\n"
                       << "JobAcctGatherType=jobacct_gather/none\n"
                       << "AccountingStorageType=accounting_storage/none\n"
                       << "SelectType=select/cons_tres\nSelectTypeParameters=CR_Core\n"
                       << "MpiDefault=none\nSwitchType=switch/none\nReturnToService=2\n"
                       << "NodeName=localhost NodeAddr=127.0.0.1 CPUs=" << cpus_
                       << " State=UNKNOWN\n"
                       << "PartitionName=test Nodes=localhost Default=YES MaxTime=INFINITE "
                          "State=UP\n";

  // 3. The controller and the node, in the foreground so that they stay our children.
  RETURN_IF_ERROR(
      StartDaemon(&slurmctld_, {Which("slurmctld"), "-D", "-f", conf_}, dir_ + "/slurmctld.out"));
  RETURN_IF_ERROR(StartDaemon(&slurmd_, {Which("slurmd"), "-D", "-N", "localhost", "-f", conf_},
                              dir_ + "/slurmd.out"));
  const Clock::time_point limit = Clock::now() + std::chrono::seconds(60);
  while (Clock::now() < limit && slurmctld_.Running() && slurmd_.Running()) {
    absl::StatusOr<std::string> state = Run({"sinfo", "--noheader", "--format=%t"});
    if (state.ok() && absl::StripAsciiWhitespace(*state) == "idle") return absl::OkStatus();
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  return absl::UnavailableError(
      absl::StrCat("the Slurm node did not become idle; see ", dir_, "/slurm*.out and *.log"));
}

absl::StatusOr<std::string> SlurmCluster::Run(const std::vector<std::string>& command) {
  const std::string program = Which(command[0]);
  if (program.empty()) return absl::NotFoundError(absl::StrCat(command[0], " is not installed"));
  std::vector<std::string> argv = {"/usr/bin/env", "SLURM_CONF=" + conf_, program};
  argv.insert(argv.end(), command.begin() + 1, command.end());
  const std::string out = absl::StrCat(dir_, "/command-", ++runs_, ".out");
  absl::StatusOr<cli::ChildProcess> child = cli::ChildProcess::Start(argv, out);
  if (!child.ok()) return child.status();
  const int status = Wait(*child, 30000);
  absl::StatusOr<std::string> text = common::ReadWholeFile(out, "output");
  if (!text.ok()) return text.status();
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    return absl::InternalError(absl::StrCat(command[0], " failed: ", *text));
  }
  return text;
}

absl::StatusOr<std::string> SlurmCluster::Queue() {
  return Run({"squeue", "--noheader", "--format=%i %T"});
}

void SlurmCluster::StopAll() {
  // Every job first, while the controller can still cancel them, then the daemons.
  if (slurmctld_.Running()) {
    Run({"scancel", "--partition=test"}).IgnoreError();
    const Clock::time_point limit = Clock::now() + std::chrono::seconds(20);
    for (absl::StatusOr<std::string> queue = Queue();
         Clock::now() < limit && (!queue.ok() || !queue->empty()); queue = Queue()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
  }
  slurmd_.Stop(SIGTERM, 10000);
  slurmctld_.Stop(SIGTERM, 10000);
  munged_.Stop(SIGTERM, 5000);
}

}  // namespace gc9::testing
