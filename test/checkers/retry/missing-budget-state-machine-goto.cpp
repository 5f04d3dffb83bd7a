// RUN: %check_retrylint -std=c++17 %s retry-missing-budget %t
//
// A goto from one case of a `switch` back to a label in an earlier case
// moves a state machine to another state (lftp's MirrorJob::Do, which the
// scheduler calls again): no retry site. A goto back within one case is a
// retry like any other.

struct FileSet {
  const char *curr();
};
struct Session {
  int send_again(const char *cmd); // another file
};
enum State { CHANGING_DIR, MAKE_DIR, TRANSFER, DONE };

struct Mirror {
  State state = CHANGING_DIR;
  FileSet *to_transfer;
  Session *session;
  bool depth_first = true;
  void set_state(State s) { state = s; }

  int do_step_ok() {
    switch (state) {
    case CHANGING_DIR:
      set_state(MAKE_DIR);
      /* fallthrough */
    pre_MAKE_DIR:
    case MAKE_DIR:
      set_state(TRANSFER);
      /* fallthrough */
    case TRANSFER: {
      const char *file = to_transfer->curr();
      if (!file) {
        if (depth_first) {
          // we have been in the depth, don't go there again
          depth_first = false;
          goto pre_MAKE_DIR;
        }
        set_state(DONE);
      }
      return 1;
    }
    case DONE:
      return 0;
    }
    return 0;
  }

  int send_in_state_bad(const char *cmd) {
    switch (state) {
    case TRANSFER: {
    again:
      // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: retry by goto has no attempt cap and no deadline
      if (session->send_again(cmd) < 0)
        goto again; // retry the command
      return 1;
    }
    default:
      return 0;
    }
  }
};
