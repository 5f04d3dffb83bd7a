// corpus: origin written
// corpus: negative retry-per-attempt-idempotency-key
// corpus: negative retry-unkeyed-side-effect
// corpus: expect retry-content-derived-idempotency-key
// C: the key is a CRC of the payload written into a buffer with
// snprintf(buf, sizeof buf, ...); sizeof is not a source of identity.
#include <curl/curl.h>
#include <stddef.h>
#include <stdio.h>

int usleep(unsigned usec);
unsigned long strlen(const char *s);

static unsigned crc32_of(const char *p, unsigned long n) {
  unsigned c = 0xffffffffu;
  unsigned long i;
  int k;
  for (i = 0; i < n; i++) {
    c ^= (unsigned char)p[i];
    for (k = 0; k < 8; k++)
      c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1u)));
  }
  return ~c;
}

int post_topup(CURL *c, const char *payload) {
  char key[16];
  char line[48];
  struct curl_slist *l;
  int i;
  snprintf(key, sizeof key, "%08x", crc32_of(payload, strlen(payload)));
  snprintf(line, sizeof line, "Idempotency-Key: %s", key);
  l = curl_slist_append(NULL, line);
  curl_easy_setopt(c, CURLOPT_HTTPHEADER, l);
  curl_easy_setopt(c, CURLOPT_POSTFIELDS, payload);
  for (i = 0; i < 3; i++) {
    if (curl_easy_perform(c) == CURLE_OK) {
      curl_slist_free_all(l);
      return 0;
    }
    usleep((unsigned)(100000 << i) + (unsigned)(rand() % 100000));
  }
  curl_slist_free_all(l);
  return -1;
}
