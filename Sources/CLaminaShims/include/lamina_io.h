// Linux readiness primitives for EventLoop: epoll, eventfd, timerfd and the kernel thread id.
// Swift's Glibc module does not export <sys/epoll.h>, <sys/eventfd.h> or <sys/timerfd.h>.
#ifndef LAMINA_IO_H
#define LAMINA_IO_H

#include <stdint.h>

/// Interest and readiness bits, equal to epoll's: readable (EPOLLIN), writable (EPOLLOUT),
/// error (EPOLLERR) and hang-up (EPOLLHUP) are reported; edge-triggered (EPOLLET) is an interest
/// flag only.
#define LAMINA_IO_READABLE 0x001u
#define LAMINA_IO_WRITABLE 0x004u
#define LAMINA_IO_ERROR 0x008u
#define LAMINA_IO_HANGUP 0x010u
#define LAMINA_IO_EDGE_TRIGGERED 0x80000000u

/// The calling thread's kernel id (gettid). The main thread's id equals the process id.
int32_t lamina_current_thread_id(void);
/// The process id.
int32_t lamina_process_id(void);
/// Copies the calling thread's kernel name (at most 15 bytes) and a NUL into `buffer`, which
/// holds `capacity` bytes (16 suffice); returns 0, or -errno.
int32_t lamina_current_thread_name(char *buffer, int32_t capacity);
/// Sets the calling thread's kernel name; `name` must be at most 15 bytes. Returns 0 or -errno.
int32_t lamina_set_current_thread_name(const char *name);
/// The program's file name as `ps` shows it (`program_invocation_short_name`).
const char *lamina_program_short_name(void);

/// A new close-on-exec epoll instance, or -1 with errno set.
int32_t lamina_epoll_create(void);
/// Adds `fd` to the set with `interest` (LAMINA_IO_* bits; level-triggered unless
/// LAMINA_IO_EDGE_TRIGGERED is among them). 0 or -errno.
int32_t lamina_epoll_add(int32_t epfd, int32_t fd, uint32_t interest);
/// Removes `fd` from the set. 0 or -errno.
int32_t lamina_epoll_remove(int32_t epfd, int32_t fd);
/// Whether epoll can watch `fd` for `interest`: 0, or -errno (-EBADF for a closed fd, -EPERM for
/// a regular file or directory, which epoll does not support).
int32_t lamina_epoll_probe(int32_t fd, uint32_t interest);
/// Waits for one ready fd: `timeout_ns` < 0 waits forever, 0 polls. Returns the ready fd and
/// stores its readiness bits in `*ready`, or -1 when the wait ended with nothing ready (timeout or
/// signal).
int32_t lamina_epoll_wait_one(int32_t epfd, int64_t timeout_ns, uint32_t *ready);

/// A new non-blocking, close-on-exec eventfd, or -1 with errno set.
int32_t lamina_eventfd_create(void);
/// Adds one to the eventfd's counter, making it readable.
void lamina_eventfd_signal(int32_t fd);
/// Reads (and so clears) the counter; returns whether it was non-zero.
int32_t lamina_eventfd_drain(int32_t fd);

/// A new non-blocking, close-on-exec CLOCK_MONOTONIC timerfd, or -1 with errno set.
int32_t lamina_timerfd_create(void);
/// Arms the timer at the absolute CLOCK_MONOTONIC time `deadline_ns`; a negative value disarms it.
/// A deadline already past makes the fd readable at once.
void lamina_timerfd_arm(int32_t fd, int64_t deadline_ns);
/// Reads (and so clears) the expiration count; returns whether it had expired.
int32_t lamina_timerfd_drain(int32_t fd);

/// Whether `fd` is readable right now (a zero-timeout poll), without consuming anything.
int32_t lamina_fd_is_readable(int32_t fd);
/// Closes `fd`.
void lamina_close(int32_t fd);

/// CLOCK_MONOTONIC now, in nanoseconds.
int64_t lamina_monotonic_now_ns(void);

#endif
