// corpus: origin github:awslabs/aws-c-io source/host_resolver.c s_clear_default_resolver_entry_table_synced
// corpus: real-headers
// corpus: negative retry-missing-budget retry-missing-backoff
// A walk over a hash table with an iterator advanced by address in the
// loop increment. The loop condition `!iter_done(&iter)` read as "call until
// it succeeds" made it a retry site in the survey.
#include <stdbool.h>
#include <stddef.h>

struct hash_table;
struct hash_iter {
  const struct hash_table *map;
  size_t slot;
  void *value;
};

struct hash_iter hash_iter_begin(const struct hash_table *map);
bool hash_iter_done(const struct hash_iter *iter);
void hash_iter_next(struct hash_iter *iter);
void shutdown_host_entry(void *entry);
void hash_table_clear(struct hash_table *map);

void clear_entry_table(struct hash_table *table) {
  for (struct hash_iter iter = hash_iter_begin(table); !hash_iter_done(&iter);
       hash_iter_next(&iter)) {
    shutdown_host_entry(iter.value);
  }
  hash_table_clear(table);
}
