// corpus: origin github:awslabs/aws-c-io tests/event_loop_test.c s_serialized_scheduling_thread_fn
// corpus: negative retry-missing-backoff retry-missing-budget
// A test driver schedules tasks until the pool of task ids is used up: the
// scheduling function takes the next id from the context it is handed and
// reports when none is left. Each round schedules a different task; nothing
// failed.
#include <stdbool.h>
#include <stddef.h>

struct task {
  size_t id;
};

struct scheduling_context {
  size_t next_id;
  size_t max_ids;
  size_t schedules;
  bool finished;
};

/* defined in another file */
void lock(struct scheduling_context *ctx);
void unlock(struct scheduling_context *ctx);
struct task *task_new(size_t id);
void schedule_now(struct task *t);
void alternate_source(struct scheduling_context *ctx, bool need_wait);

static bool schedule_task(struct scheduling_context *ctx) {
  bool no_ids_left = false;
  lock(ctx);
  if (ctx->next_id <= ctx->max_ids) {
    size_t id = ctx->next_id++;
    schedule_now(task_new(id));
    ++ctx->schedules;
  } else {
    no_ids_left = true;
  }
  unlock(ctx);
  return no_ids_left;
}

void scheduling_thread(struct scheduling_context *ctx) {
  bool done = false;
  while (!done) {
    done = schedule_task(ctx);
    alternate_source(ctx, !done);
  }
  ctx->finished = true;
}

void schedule_block(struct scheduling_context *ctx) {
  for (size_t i = 0; i < 200; ++i) {
    if (schedule_task(ctx)) {
      alternate_source(ctx, false);
      break;
    }
    alternate_source(ctx, true);
  }
}
