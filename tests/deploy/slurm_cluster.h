// A Slurm cluster of one node on this machine, for the tests of deploy/slurm: munged,
// slurmctld and slurmd run in the foreground as children of the test, from a generated
// slurm.conf whose every file (state, spool, sockets, logs) is in a temporary directory. The
// destructor cancels every job and stops every daemon, whatever the test did.
#pragma once

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "coordinator/cli/process.h"

namespace gc9::testing {

class SlurmCluster {
 public:
  // Why Slurm cannot run here (a daemon is not installed, or this is not root, which slurmd
  // must be to start jobs), or "" when it can.
  static std::string Unavailable();

  SlurmCluster();
  ~SlurmCluster();

  // Writes the configuration, starts the daemons and waits until the node takes jobs.
  absl::Status Start();
  // Runs a Slurm command (sbatch, squeue, scontrol, scancel) against this cluster; its output
  // (stdout and stderr), or an error with that output when it exits other than 0.
  absl::StatusOr<std::string> Run(const std::vector<std::string>& command);
  // The jobs squeue lists (pending, running or completing): "JOBID STATE" lines.
  absl::StatusOr<std::string> Queue();

  const std::string& dir() const { return dir_; }
  int cpus() const { return cpus_; }

 private:
  absl::Status StartDaemon(coordinator::cli::ChildProcess* child,
                           const std::vector<std::string>& argv, const std::string& log);
  void StopAll();

  std::string dir_;
  std::string conf_;
  int cpus_ = 1;
  int runs_ = 0;  // commands run, to name their output files
  coordinator::cli::ChildProcess munged_;
  coordinator::cli::ChildProcess slurmctld_;
  coordinator::cli::ChildProcess slurmd_;
};

}  // namespace gc9::testing
