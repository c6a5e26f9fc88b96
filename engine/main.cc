// gc9-engine: UCI on standard input, or each argument run as one UCI command
// (`gc9-engine "setoption name UCI_Variant value grand" "go perft 4"`, `gc9-engine bench`,
// `gc9-engine params`). `--params FILE` first loads a parameter file (Params::ApplyText's
// format, which the SPSA export writes).
#include <iostream>

#include "engine/uci.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  gc9::engine::UciSession session(std::cout);
  int first = 1;
  if (argc > 2 && std::string(argv[1]) == "--params") {
    const absl::Status status = session.LoadParameters(argv[2]);
    if (!status.ok()) {
      std::cerr << "gc9-engine: " << status.message() << std::endl;
      return 1;
    }
    first = 3;
  } else if (argc == 2 && std::string(argv[1]) == "--params") {
    std::cerr << "gc9-engine: --params needs a FILE" << std::endl;
    return 1;
  }
  if (argc > first) {
    for (int i = first; i < argc; ++i) {
      if (!session.Handle(argv[i])) return 0;
    }
    session.Finish();
    return 0;
  }
  session.Run(std::cin);
  return 0;
}
