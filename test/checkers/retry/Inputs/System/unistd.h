// Fake <unistd.h>.
#pragma once
#pragma clang system_header
unsigned sleep(unsigned seconds);
