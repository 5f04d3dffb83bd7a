// Temporary ledger directories ($TMPDIR/retry-probe-<pid>-XXXXXX): created
// per scenario, removed afterwards, removed on SIGINT/SIGTERM by the CLI,
// and swept by a later run when the process that made them is gone (SIGKILL,
// a crash).
#pragma once

#include <string>

namespace retryprobe {

// The directory temporary ledgers go under: $TMPDIR or /tmp.
std::string temp_root();
// mkdtemp under temp_root(); the name carries this process's id. Throws
// PreconditionError when it cannot be created or cleanup has begun.
std::string make_temp_dir();
// Removes a directory made by make_temp_dir and forgets it.
void remove_temp_dir(const std::string &path);
// Removes every directory this process still has; afterwards make_temp_dir
// refuses. Safe to call from a thread that waits for signals (not from a
// signal handler). Returns how many were removed.
int remove_all_temp_dirs();
// Removes retry-probe-<pid>-* directories under `root` that belong to this
// user and whose process no longer exists. Returns how many were removed.
int sweep_stale_temp_dirs(const std::string &root);

} // namespace retryprobe
