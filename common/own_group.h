// A child that leaves its parent's process group and still ends with its parent, shared by
// the worker's build commands and the children of `gc9 run`.
#pragma once

#include <sys/types.h>

namespace gc9::common {

// Called by the child between fork and exec, so async-signal-safe: no allocation, no logging.
// The child leads a process group of its own (out of reach of signals to its parent's group,
// such as a terminal's Ctrl-C, and reachable as a whole by kill(-pid)) and gets SIGTERM when
// its parent dies, as nothing would stop it then. `parent` is the parent's pid, read before the
// fork; false when the parent died before the death signal was set (the child was reparented
// and no signal will come), which the caller takes as that signal.
//
// SIGTERM's disposition is the caller's and is set before the call: a handler inherited from
// the parent would swallow the signal. Linux sends it when the thread that forked ends, not the
// process, so fork from a thread that lives as long as the process. The parent also calls
// setpgid(pid, pid), so that the group exists as soon as fork returns there.
bool LeadOwnGroupTiedToParent(pid_t parent);

}  // namespace gc9::common
