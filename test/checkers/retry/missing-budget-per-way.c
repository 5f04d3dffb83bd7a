// RUN: %check_retrylint -std=c11 %s retry-missing-budget %t
//
// Each way back on its own (docs/rules.md, budget exits): a deadline or a
// cap tested on one way back does not bound another way back that waits
// and goes round past it. That way retries for ever.

long time(long *t);

extern int errno;
#define ECONNREFUSED 111
#define EHOSTUNREACH 113
struct addr;
struct addr *addr_connect(struct addr *list, int *fd); // another file
int send_job(int fd);                                  // another file
void sleep(unsigned s);
int fprintf_err(const char *msg);

/* CUPS' socket backend, reduced: the refused and unreachable errors give
   up after contimeout seconds; every other error waits 30 s and tries
   again, with no limit. */
int connect_printer_bad(struct addr *list, int contimeout) {
  int fd, delay;
  long start_time = time(0);
  for (delay = 5;;) {
    if (addr_connect(list, &fd) == 0) {
      if (errno == ECONNREFUSED || errno == EHOSTUNREACH) {
        if (contimeout && time(0) - start_time > contimeout)
          return -1;
        sleep((unsigned)delay);
        if (delay < 30)
          delay += 5;
      } else {
        // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: this retry path goes back to the next attempt with no attempt cap and no deadline
        fprintf_err("The printer is not responding.");
        sleep(30);
      }
    } else
      break;
  }
  return fd;
}

/* The same with a count of tries on the busy way only. */
int submit_job_bad(int fd) {
  int tries = 0;
  for (;;) {
    int rc = send_job(fd);
    if (rc == 0)
      return 0;
    if (rc == 503) {
      if (++tries > 5)
        return rc;
      sleep(10);
    } else {
      // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: this retry path goes back to the next attempt with no attempt cap and no deadline
      sleep(30);
    }
  }
}

/* CUPS' Get-Printer-Attributes, reduced: the busy reply gives up at the
   deadline; down the else-if chain, every other error waits 10 s and goes
   round. */
int get_attributes_bad(int fd, int contimeout) {
  long start_time = time(0);
  unsigned delay = 1;
  int status;
  do {
    status = send_job(fd);
    if (status == 0)
      break;
    if (status == 503) {
      if (contimeout && time(0) - start_time > contimeout)
        return -1;
      sleep(delay);
      delay = delay * 2;
    } else if (status == 404) {
      return -2;
    } else if (status != 401) {
      // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: this retry path goes back to the next attempt with no attempt cap and no deadline
      fprintf_err("Unable to get the printer's state.");
      sleep(10);
    }
  } while (status != 0);
  return 0;
}

/* Both ways pass the deadline, tested before they part: silent. */
int connect_printer_ok(struct addr *list, int contimeout) {
  int fd;
  long start_time = time(0);
  for (;;) {
    if (addr_connect(list, &fd) != 0)
      return fd;
    if (time(0) - start_time > contimeout)
      return -1;
    if (errno == ECONNREFUSED)
      sleep(5);
    else
      sleep(30);
  }
}

/* The other way gives up: silent. */
int submit_job_ok(int fd) {
  int tries = 0;
  for (;;) {
    int rc = send_job(fd);
    if (rc == 0)
      return 0;
    if (rc == 503) {
      if (++tries > 5)
        return rc;
      sleep(10);
    } else {
      fprintf_err("rejected");
      return rc;
    }
  }
}
