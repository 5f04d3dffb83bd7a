// Fake <resolv.h>: the resolver's own interface.
#pragma once
#pragma clang system_header
int res_init(void);
