// corpus: origin written
// corpus: expect retry-missing-budgte
// corpus: fixme-fp retry-missing-backoff no reason given
int h() { return 0; }
