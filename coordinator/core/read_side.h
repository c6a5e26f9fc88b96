// The read side: requests answered from the database rather than from the core's memory (PGN
// export now, the dashboard's pages next) run on a thread of their own with a database
// connection of their own, so that the core's executor never waits for a disk read. A read
// about a run first asks the core, on its executor, whether the run exists (runs are the
// core's), then reads what is committed: a pair counted since the last commit shows on the
// next read. Like the core, it knows nothing of gRPC; every handler answers through `done`,
// from either thread.
#pragma once

#include <functional>
#include <memory>

#include "coordinator/core/core.h"
#include "coordinator/core/executor.h"
#include "coordinator/store/store.h"
#include "proto/coordinator.pb.h"

namespace gc9::coordinator::core {

struct ReadOptions {
  int max_pgn_page_pairs = 500;
};

class ReadSide {
 public:
  // `core` runs on `core_executor`; both must outlive this.
  ReadSide(Core* core, Executor* core_executor, std::unique_ptr<store::Reader> reader,
           ReadOptions options = {});
  ~ReadSide();  // Stop()

  void Start();
  // Finishes the reads already asked for and joins the thread. Call it after the callers are
  // gone (the server shut down) and before the core's executor stops.
  void Stop();

  void HandleExportPgn(const proto::ExportPgnRequest& request, proto::ExportPgnReply* reply,
                       Done done);

 private:
  // Runs `read` on the read thread if the run exists, else answers NotFound.
  void ForRun(int64_t run_id, Done done, std::function<void(Done)> read);

  Core* core_;
  Executor* core_executor_;
  std::unique_ptr<store::Reader> reader_;  // used on the read thread only
  ReadOptions options_;
  Executor reads_;
};

}  // namespace gc9::coordinator::core
