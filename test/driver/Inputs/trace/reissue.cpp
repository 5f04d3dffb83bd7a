// A retry by re-issue: the failure handler hands the attempt to a timer.
struct Duration { double seconds; };
struct EventLoop { void RunAfter(Duration delay, void (*fn)(void *), void *arg); };
int sock_connect(int fd, const char *addr); // another file
struct Dialer { EventLoop *loop; Duration backoff; int attempts; int fd; const char *addr; };
void on_dial_failed(Dialer *d);
void dial(Dialer *d) { if (sock_connect(d->fd, d->addr) < 0) on_dial_failed(d); }
void dial_cb(void *arg) { dial(static_cast<Dialer *>(arg)); }
void on_dial_failed(Dialer *d) {
  if (++d->attempts > 5)
    return;
  d->backoff.seconds *= 2;
  d->loop->RunAfter(d->backoff, dial_cb, d);
}
