// Fake <netdb.h>: the resolver asks a name server, another host.
#pragma once
#pragma clang system_header
struct addrinfo;
#define EAI_AGAIN (-3)
int getaddrinfo(const char *node, const char *service,
                const struct addrinfo *hints, struct addrinfo **res);
#define AI_NUMERICHOST 0x0004
struct addrinfo {
  int ai_flags;
  int ai_family;
  struct addrinfo *ai_next;
};
struct hostent {
  char *h_name;
};
struct hostent *gethostbyname(const char *name);
void freeaddrinfo(struct addrinfo *res);
const char *gai_strerror(int errcode);
