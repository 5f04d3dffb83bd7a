// The retry helper of hottspot-curl-client-method-from-props.cpp, in its own
// file as in VEkh/hottspot-taobot (lib/curl_client/request_with_retry.cpp).
#pragma once
#include <unistd.h>

template <typename MakeCall, typename GoAgain>
Client Client::call_with_retry(MakeCall make, GoAgain go_again,
                               double max_tries, int tried) {
  return call_with_retry(&make, &go_again, max_tries, tried);
}

template <typename MakeCall, typename GoAgain>
Client Client::call_with_retry(MakeCall *make, GoAgain *go_again,
                               double max_tries, int tried) {
  Client c = (*make)();
  if ((*go_again)(c) && tried < max_tries) {
    usleep(500000);
    return call_with_retry(make, go_again, max_tries, tried + 1);
  }
  return c;
}
