// corpus: origin github:awslabs/aws-c-io source/pem.c s_convert_pem_to_raw_base64
// corpus: real-headers
// corpus: negative retry-missing-budget retry-missing-backoff
// Copying a PEM label byte by byte until the closing dashes: the cursor is
// advanced by address on every round, so each test reads new input.
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct byte_cursor {
  size_t len;
  const uint8_t *ptr;
};
struct byte_buf;

int byte_buf_append_byte_dynamic(struct byte_buf *buf, uint8_t b);
void byte_cursor_advance(struct byte_cursor *cur, size_t n);
bool byte_cursor_starts_with(const struct byte_cursor *cur, const struct byte_cursor *prefix);

bool copy_label(struct byte_buf *out, struct byte_cursor cur, const struct byte_cursor *dashes) {
  for (;;) {
    if (byte_cursor_starts_with(&cur, dashes))
      return true;
    byte_buf_append_byte_dynamic(out, *cur.ptr);
    byte_cursor_advance(&cur, 1);
  }
}
