// gc9-engine: UCI on standard input, or each argument run as one UCI command
// (`gc9-engine "setoption name UCI_Variant value grand" "go perft 4"`).
#include <iostream>

#include "engine/uci.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  gc9::engine::UciSession session(std::cout);
  if (argc > 1) {
    for (int i = 1; i < argc; ++i) {
      if (!session.Handle(argv[i])) break;
    }
    return 0;
  }
  session.Run(std::cin);
  return 0;
}
