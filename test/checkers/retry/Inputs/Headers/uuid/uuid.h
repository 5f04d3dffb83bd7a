// Fake libuuid <uuid/uuid.h> for checker tests.
#pragma once
// Installed library headers are system headers: so is their stand-in.
#pragma clang system_header
typedef unsigned char uuid_t[16];
#ifdef __cplusplus
extern "C" {
#endif
void uuid_generate(uuid_t out);
void uuid_generate_random(uuid_t out);
void uuid_generate_time(uuid_t out);
void uuid_generate_sha1(uuid_t out, const uuid_t ns, const char *name,
                        unsigned long len);
void uuid_generate_md5(uuid_t out, const uuid_t ns, const char *name,
                       unsigned long len);
void uuid_unparse_lower(const uuid_t uu, char *out);
#ifdef __cplusplus
}
#endif
