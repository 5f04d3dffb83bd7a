// A unity (jumbo) build: the translation unit is a list of .cpp files, so
// their code is header code to clang. Nothing of its own to report.
#include "charges.cpp"
#include "refunds.cpp"
