#include "retryprobe/workdir.h"

#include "retryprobe/http.h" // PreconditionError

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <set>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace retryprobe {

namespace fs = std::filesystem;

namespace {

std::mutex &mu() {
  static std::mutex m;
  return m;
}
std::set<std::string> &live() {
  static std::set<std::string> s;
  return s;
}
bool closing = false;

constexpr const char *kPrefix = "retry-probe-";

// "retry-probe-<pid>-XXXXXX" -> pid, or 0 when the name is not ours.
pid_t owner_pid(const std::string &name) {
  std::string p(kPrefix);
  if (name.compare(0, p.size(), p) != 0)
    return 0;
  std::size_t dash = name.find('-', p.size());
  if (dash == std::string::npos || dash == p.size() ||
      name.size() - dash - 1 != 6)
    return 0;
  std::string digits = name.substr(p.size(), dash - p.size());
  if (digits.size() > 9 ||
      digits.find_first_not_of("0123456789") != std::string::npos)
    return 0;
  return static_cast<pid_t>(std::stol(digits));
}

} // namespace

std::string temp_root() {
  const char *tmp = std::getenv("TMPDIR");
  return tmp && *tmp ? tmp : "/tmp";
}

std::string make_temp_dir() {
  std::lock_guard<std::mutex> lock(mu());
  if (closing)
    throw PreconditionError("the probe is shutting down");
  std::string tmpl = temp_root() + "/" + kPrefix +
                     std::to_string(static_cast<long>(::getpid())) + "-XXXXXX";
  std::vector<char> buf(tmpl.begin(), tmpl.end());
  buf.push_back('\0');
  if (!::mkdtemp(buf.data()))
    throw PreconditionError("cannot create a ledger directory under " + tmpl +
                            ": " + std::strerror(errno));
  live().insert(buf.data());
  return buf.data();
}

void remove_temp_dir(const std::string &path) {
  std::lock_guard<std::mutex> lock(mu());
  std::error_code ec;
  fs::remove_all(path, ec);
  live().erase(path);
}

int remove_all_temp_dirs() {
  std::lock_guard<std::mutex> lock(mu());
  closing = true;
  int n = 0;
  for (const auto &d : live()) {
    // Scenario threads may still be writing (SQLite makes a journal file per
    // transaction): a file made while remove_all() empties the directory
    // leaves it behind. Moved away first, the directory takes no new file
    // by its old path, and nothing can refill it while it is removed.
    std::string gone = d + ".removing";
    std::error_code ec;
    fs::rename(d, gone, ec);
    const std::string &victim = ec ? d : gone;
    for (int attempt = 0; attempt < 3; ++attempt) {
      ec.clear();
      fs::remove_all(victim, ec);
      if (!ec)
        break;
    }
    n += ec ? 0 : 1;
  }
  live().clear();
  return n;
}

int sweep_stale_temp_dirs(const std::string &root) {
  int n = 0;
  std::error_code ec;
  for (fs::directory_iterator it(root, ec), end; !ec && it != end;
       it.increment(ec)) {
    std::string name = it->path().filename().string();
    pid_t pid = owner_pid(name);
    if (pid <= 0 || pid == ::getpid())
      continue;
    struct stat st;
    if (::lstat(it->path().c_str(), &st) != 0 || !S_ISDIR(st.st_mode) ||
        st.st_uid != ::getuid())
      continue;
    // Alive, or alive under another user (EPERM): not stale.
    if (::kill(pid, 0) == 0 || errno != ESRCH)
      continue;
    std::error_code rec;
    fs::remove_all(it->path(), rec);
    n += rec ? 0 : 1;
  }
  return n;
}

} // namespace retryprobe
