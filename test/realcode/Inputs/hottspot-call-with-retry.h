// The retry helper of hottspot-place-order-recursive-helper.cpp, in its own
// file as in VEkh/hottspot-taobot (lib/curl_client/request_with_retry.cpp):
// the by-value overload forwards to the by-pointer one, which calls the
// operation and recurses after a constant sleep while the predicate asks
// for another go and tried < max_tries.
#pragma once
#include <unistd.h>

template <typename MakeCall, typename GoAgain>
HttpCall HttpCall::call_with_retry(MakeCall make, GoAgain go_again,
                               double max_tries, int tried) {
  return call_with_retry(&make, &go_again, max_tries, tried);
}

template <typename MakeCall, typename GoAgain>
HttpCall HttpCall::call_with_retry(MakeCall make, GoAgain *go_again,
                               double max_tries, int tried) {
  return call_with_retry(&make, go_again, max_tries, tried);
}

template <typename MakeCall, typename GoAgain>
HttpCall HttpCall::call_with_retry(MakeCall *make, GoAgain *go_again,
                               double max_tries, int tried) {
  HttpCall call = (*make)();
  if ((*go_again)(call) && tried < max_tries) {
    usleep(500000);
    return call_with_retry(make, go_again, max_tries, tried + 1);
  }
  return call;
}
