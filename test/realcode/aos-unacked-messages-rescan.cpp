// corpus: origin github:aosedge/aos_core_cpp src/cm/communication/communication.cpp HandleUnacknowledgedMessages
// corpus: real-headers
// corpus: negative retry-missing-budget retry-missing-backoff retry-per-attempt-idempotency-key
// A scanner thread walks the sent-message table and re-queues messages whose
// ack is overdue, with the same transaction id, up to a per-message limit.
// The loop iterates a container; the send happens in another thread.
#include <chrono>
#include <map>
#include <mutex>
#include <string>
#include <vector>

struct Message {
  std::string txn;
  std::string body;
  std::chrono::steady_clock::time_point sent;
  int tries = 0;
  bool RetryAllowed() const { return tries < 3; }
};

class Communication {
  std::mutex mMutex;
  std::map<std::string, Message> mSentMessages;
  std::vector<Message> mSendQueue;
  std::chrono::seconds mWaitTimeout{10};

public:
  void RescanUnacknowledged() {
    std::lock_guard<std::mutex> lock(mMutex);
    const auto now = std::chrono::steady_clock::now();
    for (auto it = mSentMessages.begin(); it != mSentMessages.end();) {
      if (it->second.sent + mWaitTimeout > now) {
        ++it;
        continue;
      }
      if (it->second.RetryAllowed()) {
        it->second.sent = now;
        it->second.tries++;
        mSendQueue.push_back(it->second); // same txn: the cloud de-duplicates
      }
      it = mSentMessages.erase(it);
    }
  }
};
