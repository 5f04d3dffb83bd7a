// corpus: origin github:redpanda-data/redpanda src/v/cluster/rm_stm.cc rm_stm::do_idempotent_replicate
// corpus: real-headers
// corpus: negative retry-check-then-act-dedup retry-volatile-idempotency-store
// Idempotent producers: the partition checks the producer's last sequence
// and records the new one under the producer's own lock, around the append
// to the replicated log. The sequence table is rebuilt from that log on
// restart (apply()), so it is not memory-only.
#include <cstdint>
#include <map>
#include <mutex>
#include <string>

struct producer_state {
  std::mutex lock;
  int32_t last_seq = -1;
};

struct batch {
  int64_t producer_id;
  int32_t first_seq;
  std::string records;
};

class replicated_log {
public:
  bool append(const batch &b); // raft replicate, durable once it returns true
};

class rm_stm {
  replicated_log &_log;
  std::map<int64_t, producer_state> _producers;

public:
  explicit rm_stm(replicated_log &log) : _log(log) {}

  // Called for every batch read back from the log on start-up.
  void apply(const batch &b) { _producers[b.producer_id].last_seq = b.first_seq; }

  enum class errc { success, duplicate, out_of_order, replication_failed };

  errc replicate(const batch &b) {
    producer_state &p = _producers[b.producer_id];
    std::lock_guard<std::mutex> guard(p.lock);
    if (b.first_seq <= p.last_seq)
      return errc::duplicate;
    if (b.first_seq != p.last_seq + 1)
      return errc::out_of_order;
    if (!_log.append(b))
      return errc::replication_failed;
    p.last_seq = b.first_seq;
    return errc::success;
  }
};
