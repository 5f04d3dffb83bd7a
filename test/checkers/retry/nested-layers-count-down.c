// RUN: %check_retrylint -std=c11 %s retry-nested-layers %t
//
// A layer that counts its attempts down is as many attempts as it starts
// with (docs/rules.md, attempt caps), not one: three rounds around a send
// that makes up to four attempts are twelve requests.

int sleep(unsigned s);
int send_request(int sock, const char *msg);

int send_with_retries(int sock, const char *msg) {
  int tries_left = 4;
  for (;;) {
    int rc = send_request(sock, msg);
    if (rc >= 0)
      return rc;
    if (--tries_left <= 0)
      return -1;
    sleep(1);
  }
}

int deliver_bad(int sock, const char *msg) {
  for (int attempt = 0; attempt < 3; attempt++) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop (3 attempts) calls 'send_with_retries' which retries (4 attempts): up to 12 requests per call [retry-nested-layers]
    if (send_with_retries(sock, msg) >= 0)
      return 0;
    sleep(2);
  }
  return -1;
}

int send_twice(int sock, const char *msg) {
  int retries = 1;
  for (;;) {
    int rc = send_request(sock, msg);
    if (rc >= 0)
      return rc;
    if (retries-- <= 0)
      return -1;
    sleep(1);
  }
}

/* Two layers within the limit once each is counted: a loop of one attempt
   around a layer of two is not two layers. */
int deliver_once_ok(int sock, const char *msg) {
  for (int attempt = 0; attempt < 1; attempt++) {
    if (send_twice(sock, msg) >= 0)
      return 0;
    sleep(2);
  }
  return -1;
}
