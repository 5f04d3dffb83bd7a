// corpus: origin written
// corpus: expect retry-unkeyed-side-effect
// C: the response code is read with curl_easy_getinfo; 502 and 504 (and a
// timeout) loop back and POST again.
#include <curl/curl.h>
#include <stddef.h>
#include <stdio.h>

int usleep(unsigned usec);

long create_ticket(CURL *c, const char *json) {
  long code = 0;
  int attempt;
  curl_easy_setopt(c, CURLOPT_URL, "https://desk.example/tickets");
  curl_easy_setopt(c, CURLOPT_POSTFIELDS, json);
  for (attempt = 0; attempt < 3; attempt++) {
    CURLcode rc = curl_easy_perform(c);
    if (rc == CURLE_OK) {
      curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &code);
      if (code != 502 && code != 504)
        return code;
    } else if (rc != CURLE_OPERATION_TIMEDOUT) {
      return -1;
    }
    usleep((unsigned)(200000 << attempt) + (unsigned)(rand() % 200000));
  }
  return code;
}
