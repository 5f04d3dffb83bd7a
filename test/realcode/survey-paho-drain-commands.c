// corpus: origin github:eclipse/paho.mqtt.c src/MQTTAsyncUtils.c MQTTAsync_sendThread
// corpus: real-headers
// corpus: negative retry-missing-budget retry-missing-backoff
// The send thread drains the command queue while it holds commands, and
// goes back to waiting when a round processes none. A queue drain, not a
// retry of the command.
typedef struct {
  int count;
} List;

extern List *commands;
int process_command(void); /* 1 if a command was processed */
void lock_mutex(void);
void unlock_mutex(void);

void drain_commands(void) {
  int command_count;
  lock_mutex();
  command_count = commands->count;
  unlock_mutex();
  while (command_count > 0) {
    if (process_command() == 0)
      break; /* no commands were processed, so go into a wait */
    lock_mutex();
    command_count = commands->count;
    unlock_mutex();
  }
}
