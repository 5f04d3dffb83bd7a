// RUN: %check_retrylint %s retry-missing-backoff %t
//
// The policy as a class: a method that counts the attempts and grows the
// interval a member keeps, which the job's timer waits (docs/rules.md,
// policies). lftp's NetAccess::NextTry, reduced.

class NetAccess {
public:
  bool NextTry();

private:
  bool CheckRetries() const { return max_retries == 0 || retries <= max_retries; }
  int retries = 0, max_retries = 0;
  double reconnect_interval = 30, reconnect_interval_current = 30;
  double reconnect_interval_multiplier = 1.5, reconnect_interval_max = 600;
};

double random_unit();

bool NetAccess::NextTry() {
  if (!CheckRetries())
    return false;
  if (retries == 0)
    reconnect_interval_current = reconnect_interval;
  else if (reconnect_interval_multiplier > 1) {
    reconnect_interval_current *= reconnect_interval_multiplier;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: backoff grows between attempts but has no jitter
    if (reconnect_interval_current > reconnect_interval_max)
      reconnect_interval_current = reconnect_interval_max;
  }
  retries++;
  return CheckRetries();
}

/* The same policy with a random factor on the interval it keeps. */
class JitteredAccess {
public:
  bool NextTry();

private:
  int retries = 0, max_retries = 5;
  double interval_current = 30, multiplier = 1.5;
};

bool JitteredAccess::NextTry() {
  if (retries >= max_retries)
    return false;
  interval_current *= multiplier;
  interval_current *= 0.5 + random_unit();
  retries++;
  return true;
}
