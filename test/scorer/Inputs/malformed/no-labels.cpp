// corpus: origin written
int g() { return 0; }
