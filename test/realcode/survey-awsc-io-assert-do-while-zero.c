// corpus: origin github:awslabs/aws-c-io tests/pem_test.c s_test_pem_single_cert_parse
// corpus: negative retry-nested-layers retry-missing-budget retry-missing-backoff
// aws-c-common's test assertions are statement macros wrapped in
// `do { ... } while (0)`: the body runs once, nothing loops. Over the whole
// aws-c-io tree, --cross-tu counted such macros around calls into functions
// with loops as "retry loop (unbounded)" (51 of the survey's wrong
// findings, all in its tests); this one-file reduction does not reproduce
// that yet.
void print_fail(const char *file, int line);

#define AWS_OP_SUCCESS 0
#define ASSERT_SUCCESS(condition)                                              \
  do {                                                                         \
    int assert_rv = (condition);                                               \
    if (assert_rv != AWS_OP_SUCCESS) {                                         \
      print_fail(__FILE__, __LINE__);                                          \
      return -1;                                                               \
    }                                                                          \
  } while (0)

int pem_parse_file(const char *path); /* defined in another file */

static int load_objects(const char *path) {
  ASSERT_SUCCESS(pem_parse_file(path));
  ASSERT_SUCCESS(pem_parse_file(path));
  return AWS_OP_SUCCESS;
}

int test_single_cert_parse(void) {
  ASSERT_SUCCESS(load_objects("testparse.crt"));
  return AWS_OP_SUCCESS;
}
