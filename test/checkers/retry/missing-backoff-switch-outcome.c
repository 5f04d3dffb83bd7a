// RUN: %check_retrylint -std=c11 %s retry-missing-backoff %t
//
// A call's outcome read by a `switch` over the file's own codes (a C enum
// the model has no table for): the cases that go back are retried, each
// read as the `if (err == CASE)` it stands for, and the cases that leave
// are given up on. The wait on the way back is read as on any loop.

typedef enum {
  RETR_OK,
  HOST_ERR,
  CONN_ERR,
  READ_ERR,
  HEAD_EOF,
  WRITE_FAILED,
  RETR_FINISHED,
  FILE_WRITE_ERR,
  NEW_LOCATION,
} uerr_t;

struct options {
  int ntry, retry_on_host_error;
} opt;

uerr_t fetch_document(const char *url, int count); // another file
uerr_t send_mail(const char *to);                  // another file
void sleep_between_retrievals(int count);           // another file
void log_retrying(int count, int ntry);
int rand(void);
void usleep(unsigned usec);

/* wget's http_loop, reduced: the retried codes `continue`, the fatal ones
   leave; the wait grows with the try and has nothing random in it. */
uerr_t download_loop_bad(const char *url) {
  int count = 0;
  uerr_t err, ret = RETR_OK;
  do {
    ++count;
    sleep_between_retrievals(count);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: backoff grows between attempts but has no jitter
    err = fetch_document(url, count);
    switch (err) {
    case CONN_ERR:
    case READ_ERR:
    case HEAD_EOF:
    case WRITE_FAILED:
      log_retrying(count, opt.ntry);
      continue;
    case HOST_ERR:
      if (opt.retry_on_host_error) {
        log_retrying(count, opt.ntry);
        continue;
      }
      ret = err;
      goto out;
    case FILE_WRITE_ERR:
    case NEW_LOCATION:
      ret = err;
      goto out;
    case RETR_FINISHED:
      break;
    default:
      return err;
    }
    ret = RETR_OK;
    goto out;
  } while (!opt.ntry || count < opt.ntry);
out:
  return ret;
}

/* The same decision with a `default` that goes back and named successes
   that leave; nothing waits. */
uerr_t send_loop_bad(const char *to) {
  for (int tries = 0; tries < 5; tries++) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    switch (send_mail(to)) {
    case RETR_OK:
    case RETR_FINISHED:
      return RETR_OK;
    case FILE_WRITE_ERR:
      return FILE_WRITE_ERR;
    default:
      break;
    }
  }
  return CONN_ERR;
}

/* The retried codes wait a jittered time. */
uerr_t download_jittered_ok(const char *url) {
  int count = 0;
  uerr_t err;
  do {
    ++count;
    err = fetch_document(url, count);
    switch (err) {
    case CONN_ERR:
    case READ_ERR:
      usleep(1000u * count + rand() % 1000);
      continue;
    default:
      return err;
    }
  } while (count < 5);
  return err;
}

/* Only a success goes round (the next part of a multi-part document):
   every failure leaves, so nothing is retried. */
uerr_t download_parts_ok(const char *url) {
  int part = 0;
  for (;;) {
    switch (fetch_document(url, part)) {
    case RETR_OK:
      part++;
      continue;
    case RETR_FINISHED:
      return RETR_OK;
    default:
      return CONN_ERR;
    }
  }
}
