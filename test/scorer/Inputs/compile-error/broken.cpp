// corpus: origin written
// corpus: negative retry-missing-budget
int broken( { return 0; }
