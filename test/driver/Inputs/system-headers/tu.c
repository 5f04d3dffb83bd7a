#include <sysretry.h>

int user_bad(CURL *h) {
  for (int i = 0; i < 3; ++i)
    if (curl_easy_perform(h) == CURLE_OK)
      return 0;
  return -1;
}

void macro_case(CURL *h) { SYS_PERFORM_UNTIL_OK(h); }
