// The `spsa` run kind: fishtest's SPSA over gc9's engine parameters. Each batch gets the
// iteration k at its dispatch and a seeded flip vector; the engine under test plays
// theta + c_k * flip and the baseline theta - c_k * flip (clipped, rounded stochastically to
// the engine's integers), and every counted pair moves theta with the gains of its batch's k.
// The maths is coordinator/spsa/; this file is its state, persistence and status.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "coordinator/config/spsa_config.h"
#include "coordinator/core/run_kind.h"
#include "coordinator/spsa/step.h"
#include "proto/spsa.pb.h"

namespace gc9::coordinator::core {

class SpsaKind : public RunKind {
 public:
  static absl::StatusOr<std::unique_ptr<RunKind>> Create(const proto::RunConfig& config);

  absl::Status Restore(const std::string& state) override;
  void RecoverPair(const proto::PairResult& pair, const ScoredPair& scored) override;
  std::string SaveState() const override;
  std::string PrepareBatch(proto::Batch* batch) override;
  void CountPair(const std::string& batch_state, const ScoredPair& scored,
                 proto::PairResult* pair) override;
  proto::Decision Decide(const PairTally& tally) const override;
  void FillStatus(const StatusOptions& options, proto::RunStatus* status) const override;

 private:
  SpsaKind(config::SpsaSetup setup, uint64_t seed);

  config::SpsaSetup setup_;
  std::vector<spsa::ParamGains> gains_;
  uint64_t seed_;
  spsa::SpsaState state_;  // theta and the pairs applied
  int64_t next_k_ = 0;
  // One point per applied pair; kept sorted by sequence (recovery sees pairs by index).
  mutable std::vector<proto::SpsaPoint> trajectory_;
  mutable bool sorted_ = true;
};

}  // namespace gc9::coordinator::core
