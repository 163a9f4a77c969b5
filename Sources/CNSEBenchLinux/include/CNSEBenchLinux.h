// Linux-only system calls that Swift's Glibc module does not expose. Every shim is prefixed
// `nseb_` and says why it exists.
#ifndef NSEB_CNSEBENCHLINUX_H
#define NSEB_CNSEBENCHLINUX_H

#include <sys/socket.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <time.h>

/// accept4(2) is a GNU extension (_GNU_SOURCE), so Glibc's module map leaves it out; it saves the
/// media server two fcntl calls per accepted connection (SOCK_NONBLOCK | SOCK_CLOEXEC in one call).
int nseb_accept4(int fd, struct sockaddr *address, socklen_t *length, int flags);

/// EPOLLIN and friends are enum constants of a C enum whose type Swift imports awkwardly
/// (EPOLL_EVENTS); these return them as plain uint32_t for epoll_event.events.
static inline unsigned int nseb_epollin(void) { return EPOLLIN; }
static inline unsigned int nseb_epollout(void) { return EPOLLOUT; }
static inline unsigned int nseb_epollrdhup(void) { return EPOLLRDHUP; }
static inline unsigned int nseb_epollerr(void) { return EPOLLERR; }
static inline unsigned int nseb_epollhup(void) { return EPOLLHUP; }

/// epoll_pwait2(2) takes a timespec, so the event loop can sleep until a timer's deadline to the
/// nanosecond instead of rounding up to epoll_wait's whole milliseconds (measured here: p50
/// lateness 25-36 us against 530-600 us). It is a GNU extension (glibc 2.35, Linux 5.11), so
/// Swift's Glibc module leaves it out. The signal mask is always NULL. Fails with ENOSYS where
/// the C library or the kernel lacks it; the loop then falls back to epoll_wait.
int nseb_epoll_pwait2(int epfd, struct epoll_event *events, int maxevents, const struct timespec *timeout);

/// prctl(2) is variadic, which Swift cannot call. PR_SET_TIMERSLACK lets the event loop thread ask
/// to be woken within `nanoseconds` of its timeout instead of the default 50 us timer slack.
int nseb_set_timer_slack(unsigned long nanoseconds);

/// prctl(PR_SET_PDEATHSIG): the kernel sends `signal` to this process when the thread that created
/// it ends (with its process, or on its own). The embedded media server asks for SIGTERM, so a
/// `run` that fails, is killed or is `kill -9`ed takes its server with it.
int nseb_set_parent_death_signal(int signal);

/// pthread_setname_np(3) is a GNU extension that Swift's Glibc module leaves out; naming the event
/// loop thread makes it recognisable in top -H, perf and /proc/<pid>/task/*/comm. Names are cut
/// to the kernel's 15 characters here rather than failing with ERANGE.
int nseb_set_current_thread_name(const char *name);

/// renameat2(2) with RENAME_NOREPLACE moves a file in one call and fails with EEXIST instead of
/// replacing an existing destination; Glibc's module leaves it out (_GNU_SOURCE). The attachment
/// store moves every delivered attachment with it, where FileManager.moveItem took a stat, an
/// lstat and a rename. Fails with ENOSYS where the C library or kernel lacks it.
int nseb_rename_noreplace(const char *from, const char *to);

/// gettid(2): the calling thread's kernel id, which names it under /proc/self/task. Glibc's module
/// leaves gettid out (_GNU_SOURCE).
int nseb_current_thread_id(void);

/// pipe2(ends, O_CLOEXEC): pipe2 is declared only under _GNU_SOURCE.
int nseb_pipe_cloexec(int ends[2]);

/// fcntl(fd, F_SETPIPE_SZ, bytes) and fcntl(fd, F_GETPIPE_SZ): a pipe's capacity, Linux-only and
/// declared only under _GNU_SOURCE.
int nseb_pipe_set_capacity(int fd, int bytes);
int nseb_pipe_capacity(int fd);

/// timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC) and an absolute one-shot arm: the
/// event loop's deferred wakeup (EventLoop.execute(within:)). Glibc's module map leaves out
/// <sys/timerfd.h>. Arming for 0 disarms.
int nseb_timerfd_create(void);
int nseb_timerfd_arm_absolute(int fd, unsigned long long monotonic_nanoseconds);

/// Flushes C's `stdout` and makes it line-buffered: for an extension worker whose standard output has
/// just been pointed elsewhere (MessageChannel). Swift 6 refuses the global `stdout` as shared mutable
/// state. Returns setvbuf's result: 0, or nonzero on failure.
int nseb_stdout_flush_and_line_buffer(void);

/// The number of CPUs the calling process may run on (sched_getaffinity(2) and CPU_COUNT, both
/// _GNU_SOURCE): what taskset or a container's cpuset allows, where sysconf counts every CPU online.
/// Returns -1 with errno set when the call fails.
int nseb_allowed_cpu_count(void);

/// The path of the shared object (library or executable) holding `address` (dladdr(3), _GNU_SOURCE):
/// a pointer to the object's own name, valid while it stays loaded; NULL when no object holds it.
const char *nseb_shared_object_path(const void *address);

#include "CrashReporter.h"

#endif
