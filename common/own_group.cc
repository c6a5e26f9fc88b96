#include "common/own_group.h"

#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

namespace gc9::common {

bool LeadOwnGroupTiedToParent(pid_t parent) {
  setpgid(0, 0);
  prctl(PR_SET_PDEATHSIG, SIGTERM);
  // A parent that died before prctl sent no signal; the child, reparented, sees it here.
  return getppid() == parent;
}

}  // namespace gc9::common
