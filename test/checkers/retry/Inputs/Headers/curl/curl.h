// Fake libcurl <curl/curl.h> for checker tests.
#pragma once
// Installed library headers are system headers: so is their stand-in.
#pragma clang system_header
typedef void CURL;
struct curl_slist;
typedef enum {
  CURLE_OK = 0,
  CURLE_COULDNT_RESOLVE_HOST = 6,
  CURLE_COULDNT_CONNECT = 7,
  CURLE_HTTP_RETURNED_ERROR = 22,
  CURLE_OPERATION_TIMEDOUT = 28,
  CURLE_GOT_NOTHING = 52
} CURLcode;
typedef enum {
  CURLOPT_URL = 10002,
  CURLOPT_POSTFIELDS = 10015,
  CURLOPT_HTTPHEADER = 10023,
  CURLOPT_CUSTOMREQUEST = 10036,
  CURLOPT_POST = 47,
  CURLOPT_HTTPGET = 80,
  CURLOPT_FAILONERROR = 45,
  CURLOPT_TIMEOUT_MS = 155
} CURLoption;
typedef enum {
  CURLINFO_RESPONSE_CODE = 0x200002,
  CURLINFO_RETRY_AFTER = 0x600039
} CURLINFO;
#ifdef __cplusplus
extern "C" {
#endif
CURL *curl_easy_init(void);
CURLcode curl_easy_setopt(CURL *curl, CURLoption option, ...);
CURLcode curl_easy_perform(CURL *curl);
CURLcode curl_easy_getinfo(CURL *curl, CURLINFO info, ...);
void curl_easy_cleanup(CURL *curl);
struct curl_slist *curl_slist_append(struct curl_slist *, const char *);
void curl_slist_free_all(struct curl_slist *);
#ifdef __cplusplus
}
#endif
