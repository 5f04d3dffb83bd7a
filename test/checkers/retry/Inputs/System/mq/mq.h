// Fake client library installed under a system include directory
// (/usr/include/mq/mq.h): a message-queue client, not the C library.
#pragma once
#pragma clang system_header
struct mq_conn;
struct mq_conn *mq_connect(const char *host); /* null on failure */
int mq_publish(struct mq_conn *c, const char *topic, const char *msg);
/* The library's own check macro: a call the caller never writes. */
extern int mq_vlog_site;
int mq_site_enabled(int *site, int level);
#define MQ_VLOG_IS_ON(level) mq_site_enabled(&mq_vlog_site, (level))
/* A list the library keeps, read element by element. */
struct mq_list;
struct mq_item;
struct mq_item *mq_list_value(const struct mq_list *l, int i);
#define MQ_LIST_AT(l, i) mq_list_value((l), (i))
int mq_item_ready(const struct mq_item *it); /* 0 when ready */
/* -1 with errno set (EAGAIN when nothing is queued on a non-blocking
   connection). */
int mq_receive(struct mq_conn *c, char *buf, int len);
/* The library's codes: MQ_E_AGAIN when a non-blocking publish must be
   called again. */
#define MQ_E_INTERRUPTED (-52)
#define MQ_E_AGAIN (-28)
/* What a TLS read on a non-blocking connection asks for next: wait until
   the socket is readable (or writable) and call again. */
int mq_tls_read(struct mq_conn *c, char *buf, int len);
int mq_tls_get_error(struct mq_conn *c, int ret);
#define MQ_TLS_ERROR_WANT_READ 2
#define MQ_TLS_ERROR_WANT_WRITE 3
