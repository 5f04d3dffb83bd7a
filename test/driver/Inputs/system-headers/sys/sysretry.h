#include <curl/curl.h>
/* A system library's own retry: its loop is the library's. */
#define SYS_PERFORM_UNTIL_OK(h)                                                \
  do {                                                                         \
  } while (curl_easy_perform(h) != CURLE_OK)
static inline int sys_retry(CURL *h) {
  for (int i = 0; i < 3; ++i)
    if (curl_easy_perform(h) == CURLE_OK)
      return 0;
  return -1;
}
