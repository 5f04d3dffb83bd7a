// Fake broker client whose header sits at the top of a system include
// directory (/usr/include/brokerlink.h), as mosquitto.h and amqp.h do.
#pragma once
#pragma clang system_header
#define BL_OK 0
#define BL_BUSY 5
struct bl_conn;
int bl_submit(struct bl_conn *c, const char *job);
