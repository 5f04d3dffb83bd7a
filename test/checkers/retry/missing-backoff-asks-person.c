// RUN: %check_retrylint -std=c11 %s retry-missing-backoff %t
// RUN: %check_retrylint -check-suffix=BUDGET -std=c11 %s retry-missing-budget %t
//
// A round that asks a person is no retry of a dependency (docs/rules.md,
// "Evidence, both ways"; credential replays): a loop or goto that prompts
// for a passphrase, a PIN or a yes/no again after a wrong answer goes
// round when the person answers, with what the person typed. The wait is
// the person's; so is the budget. A call asks a person when it is a C
// library or POSIX terminal read (`getpass`, `fgets` from `stdin`,
// `readline`), when its name says it prompts or reads a secret
// (`read_passphrase`, `prompt_yes_no`, `ask_password`), or when its body in
// the file does. A credential read once, before a retry that then re-sends
// without a wait, is still that retry's defect.

#include <stdio.h>

char *read_passphrase(const char *prompt, int flags);
char *getpass(const char *prompt);
int sign_with_key(const char *key, const char *pin);
int parse_private_key(const char *blob, const char *pass, char **out);
int server_login(int conn, const char *user, const char *password);
int change_password(int conn, const char *user, const char *password);
int enroll_token(const char *device, const char *pin);
void report(const char *what);
void freezero(char *p);
int strcmp(const char *a, const char *b);
unsigned sleep(unsigned s);

#define WRONG_PASSPHRASE (-43)

/* openssh's identity_sign, reduced: one PIN prompt, then signing again. */
int sign_retry_pin_ok(const char *key) {
  char *pin = NULL;
  int retried = 0;
  int r;
retry_pin:
  if ((r = sign_with_key(key, pin)) != 0) {
    if (!retried && pin == NULL && r == WRONG_PASSPHRASE) {
      pin = read_passphrase("Enter PIN: ", 0);
      retried = 1;
      goto retry_pin;
    }
    return r;
  }
  return 0;
}

/* ssh-add's key load: asks again after a bad passphrase, until it parses
   or the person gives up with an empty line. */
int load_key_ok(const char *blob, char **out) {
  char msg[128] = "Enter passphrase: ";
  for (;;) {
    char *pass = read_passphrase(msg, 0);
    if (strcmp(pass, "") == 0)
      return -1;
    int r = parse_private_key(blob, pass, out);
    if (r == 0)
      return 0;
    if (r != WRONG_PASSPHRASE)
      return -1;
    freezero(pass);
    snprintf(msg, sizeof msg, "Bad passphrase, try again: ");
  }
}

/* A login with the C library's password prompt in each round. */
int login_ok(int conn, const char *user) {
  for (int tries = 0; tries < 3; tries++) {
    char *pw = getpass("Password: ");
    if (server_login(conn, user, pw) == 0)
      return 0;
    report("Login incorrect, try again");
  }
  return -1;
}

/* The prompt is the project's own, read from the terminal in this file. */
static int ask_yes_no(const char *question) {
  char line[16];
  fputs(question, stdout);
  if (!fgets(line, sizeof line, stdin))
    return 0;
  return line[0] == 'y';
}

int enroll_ok(const char *device) {
  int tries = 0;
  for (;;) {
    int r = enroll_token(device, NULL);
    if (r == 0)
      return 0;
    if (++tries >= 20)
      return r;
    if (!ask_yes_no("Touch the token and try again? "))
      return r;
  }
}

/* The near-misses: the password is read once, before the retry, which
   then sends it again and again with no wait and no bound. */
int login_retry_bad(int conn, const char *user) {
  char *pw = getpass("Password: ");
  for (;;) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    // CHECK-MESSAGES-BUDGET: :[[@LINE-2]]:3: warning: retry loop has no attempt cap and no deadline
    if (server_login(conn, user, pw) == 0)
      return 0;
    report("login failed, retrying");
  }
}

/* A password sent to the server is no prompt: the retry re-sends it. */
int change_password_bad(int conn, const char *user, const char *pw) {
  for (int attempt = 0; attempt < 3; attempt++) {
    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop re-sends immediately after a failure
    if (change_password(conn, user, pw) == 0)
      return 0;
  }
  return -1;
}
