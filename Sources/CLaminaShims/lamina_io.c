#define _GNU_SOURCE
#include "lamina_io.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

_Static_assert(LAMINA_IO_READABLE == EPOLLIN && LAMINA_IO_WRITABLE == EPOLLOUT, "epoll bits");
_Static_assert(LAMINA_IO_ERROR == EPOLLERR && LAMINA_IO_HANGUP == EPOLLHUP, "epoll bits");
_Static_assert(LAMINA_IO_EDGE_TRIGGERED == (uint32_t)EPOLLET, "epoll bits");

int32_t lamina_current_thread_id(void) { return (int32_t)syscall(SYS_gettid); }
int32_t lamina_process_id(void) { return (int32_t)getpid(); }

int32_t lamina_current_thread_name(char *buffer, int32_t capacity) {
    if (buffer == NULL || capacity <= 0) return -EINVAL;
    return -pthread_getname_np(pthread_self(), buffer, (size_t)capacity);
}

int32_t lamina_set_current_thread_name(const char *name) {
    if (name == NULL) return -EINVAL;
    return -pthread_setname_np(pthread_self(), name);
}

const char *lamina_program_short_name(void) { return program_invocation_short_name; }

int32_t lamina_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

int32_t lamina_epoll_add(int32_t epfd, int32_t fd, uint32_t interest) {
    struct epoll_event event = {.events = interest, .data.fd = fd};
    return epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &event) == 0 ? 0 : -errno;
}

int32_t lamina_epoll_remove(int32_t epfd, int32_t fd) {
    return epoll_ctl(epfd, EPOLL_CTL_DEL, fd, NULL) == 0 ? 0 : -errno;
}

int32_t lamina_epoll_probe(int32_t fd, uint32_t interest) {
    // Checked first: the probe's own epoll fd could otherwise take the number of a closed `fd`.
    if (fcntl(fd, F_GETFD) < 0) return -errno;
    int epfd = epoll_create1(EPOLL_CLOEXEC);
    if (epfd < 0) return -errno;
    int32_t status = lamina_epoll_add(epfd, fd, interest);
    close(epfd);
    return status;
}

int32_t lamina_epoll_wait_one(int32_t epfd, int64_t timeout_ns, uint32_t *ready) {
    struct epoll_event event;
    struct timespec timeout;
    struct timespec *timeout_pointer = NULL;
    if (timeout_ns >= 0) {
        timeout.tv_sec = (time_t)(timeout_ns / 1000000000);
        timeout.tv_nsec = (long)(timeout_ns % 1000000000);
        timeout_pointer = &timeout;
    }
    // maxevents = 1: one wake reason per iteration, as CFRunLoop on Linux.
    int count = epoll_pwait2(epfd, &event, 1, timeout_pointer, NULL);
    if (count != 1) return -1;
    *ready = event.events;
    return event.data.fd;
}

int32_t lamina_eventfd_create(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

void lamina_eventfd_signal(int32_t fd) { (void)eventfd_write(fd, 1); }

int32_t lamina_eventfd_drain(int32_t fd) {
    eventfd_t value = 0;
    return eventfd_read(fd, &value) == 0 && value != 0;
}

int32_t lamina_timerfd_create(void) {
    return timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
}

void lamina_timerfd_arm(int32_t fd, int64_t deadline_ns) {
    struct itimerspec spec = {0};
    if (deadline_ns >= 0) {
        // it_value zero would disarm: a deadline of 0 means "already due", so use 1 ns.
        int64_t at = deadline_ns > 0 ? deadline_ns : 1;
        spec.it_value.tv_sec = (time_t)(at / 1000000000);
        spec.it_value.tv_nsec = (long)(at % 1000000000);
    }
    (void)timerfd_settime(fd, TFD_TIMER_ABSTIME, &spec, NULL);
}

int32_t lamina_timerfd_drain(int32_t fd) {
    uint64_t expirations = 0;
    return read(fd, &expirations, sizeof expirations) == (ssize_t)sizeof expirations && expirations;
}

int32_t lamina_fd_is_readable(int32_t fd) {
    struct pollfd entry = {.fd = fd, .events = POLLIN};
    return poll(&entry, 1, 0) == 1 && (entry.revents & POLLIN);
}

void lamina_close(int32_t fd) { (void)close(fd); }

int64_t lamina_monotonic_now_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}
