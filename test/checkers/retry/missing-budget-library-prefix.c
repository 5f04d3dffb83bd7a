// RUN: %check_retrylint -std=c11 %s retry-missing-budget %t
// RUN: %check_retrylint -check-suffix=BACKOFF -std=c11 %s retry-missing-backoff %t
//
// A C library names its functions after itself (`ippFindAttribute`,
// `ippGetString`, `httpGetField`): when ten functions of the unit begin
// with the same lowercase word before a capital, that word is the
// library's prefix and the rest of the name says what the call does. A
// search (`ippFindAttribute`), a query or a report is no operation, so an
// event loop that skips events without the attributes it needs retries
// nothing. A send under the same prefix (`ippSendRequest`) still is one.

typedef struct ipp_s ipp_t;
typedef struct ipp_attribute_s ipp_attribute_t;
ipp_t *ippNew(void);
void ippDelete(ipp_t *ipp);
int ippReadFile(int fd, ipp_t *ipp);
ipp_attribute_t *ippFindAttribute(ipp_t *ipp, const char *name, int type);
const char *ippGetString(ipp_attribute_t *attr, int element, const char **l);
int ippGetCount(ipp_attribute_t *attr);
int ippSetString(ipp_t *ipp, ipp_attribute_t **attr, int element,
                 const char *s);
int ippAddString(ipp_t *ipp, int group, int type, const char *name,
                 const char *lang, const char *value);
int ippContainsString(ipp_attribute_t *attr, const char *value);
int ippValidateAttribute(ipp_attribute_t *attr);
ipp_t *ippSendRequest(const char *uri, ipp_t *request); // another file
int save_feed(const char *path);
void add_message(const char *subject);
unsigned sleep(unsigned seconds);

/* CUPS's RSS notifier, reduced: reads events, adds a message for each
   that has a subject and a sequence number, saves the feed again after
   each change. */
int read_events_ok(const char *path) {
  int changed = 0, state;
  for (;;) {
    if (changed) {
      /* Save the messages to the file again... */
      save_feed(path);
      changed = 0;
    }
    ipp_t *event = ippNew();
    while ((state = ippReadFile(0, event)) != 3) {
      if (state <= 0)
        break;
    }
    if (state <= 0)
      break;
    ipp_attribute_t *seq = ippFindAttribute(event, "notify-sequence-number", 0);
    ipp_attribute_t *subject = ippFindAttribute(event, "notify-subject", 0);
    if (seq && subject) {
      add_message(ippGetString(subject, 0, 0));
      changed = 1;
    }
    ippDelete(event);
  }
  return 0;
}

/* Waits for an attribute of a record the process holds to appear: a
   search, no request. */
int wait_for_state_ok(ipp_t *job) {
  for (;;) {
    ipp_attribute_t *state = ippFindAttribute(job, "job-state", 0);
    if (!state) {
      sleep(1);
      continue;
    }
    return ippGetCount(state);
  }
}

/* A request sent again under the same prefix, with no cap. */
ipp_t *send_until_answered_bad(const char *uri, ipp_t *request) {
  for (;;) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop has no attempt cap and no deadline
    // CHECK-MESSAGES-BACKOFF: :[[@LINE-2]]:3: warning: retry loop re-sends immediately after a failure
    ipp_t *response = ippSendRequest(uri, request);
    if (response)
      return response;
    /* try again */
  }
}
