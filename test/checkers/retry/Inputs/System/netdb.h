// Fake <netdb.h>: the resolver asks a name server, another host.
#pragma once
#pragma clang system_header
struct addrinfo;
#define EAI_AGAIN (-3)
int getaddrinfo(const char *node, const char *service,
                const struct addrinfo *hints, struct addrinfo **res);
