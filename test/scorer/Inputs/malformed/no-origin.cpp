// corpus: expect retry-missing-budget
int f() { return 0; }
