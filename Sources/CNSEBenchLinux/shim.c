#define _GNU_SOURCE
#include "CNSEBenchLinux.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <unistd.h>

int nseb_current_thread_id(void) {
    return (int)syscall(SYS_gettid);
}

const char *nseb_shared_object_path(const void *address) {
    Dl_info info;
    if (dladdr(address, &info) == 0) return NULL;
    return info.dli_fname;
}

int nseb_pipe_cloexec(int ends[2]) {
    return pipe2(ends, O_CLOEXEC);
}

int nseb_pipe_set_capacity(int fd, int bytes) {
    return fcntl(fd, F_SETPIPE_SZ, bytes);
}

int nseb_pipe_capacity(int fd) {
    return fcntl(fd, F_GETPIPE_SZ);
}

int nseb_accept4(int fd, struct sockaddr *address, socklen_t *length, int flags) {
    return accept4(fd, address, length, flags);
}

int nseb_epoll_pwait2(int epfd, struct epoll_event *events, int maxevents, const struct timespec *timeout) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 35))
    return epoll_pwait2(epfd, events, maxevents, timeout, NULL);
#elif defined(SYS_epoll_pwait2)
    // No sigmask, so the kernel ignores the sigset size.
    return (int)syscall(SYS_epoll_pwait2, epfd, events, maxevents, timeout, NULL, 0);
#else
    errno = ENOSYS;
    return -1;
#endif
}

int nseb_rename_noreplace(const char *from, const char *to) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 28))
    return renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE);
#elif defined(SYS_renameat2)
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, 1 /* RENAME_NOREPLACE */);
#else
    errno = ENOSYS;
    return -1;
#endif
}

int nseb_set_timer_slack(unsigned long nanoseconds) {
    return prctl(PR_SET_TIMERSLACK, nanoseconds, 0, 0, 0);
}

int nseb_set_parent_death_signal(int signal) {
    return prctl(PR_SET_PDEATHSIG, (unsigned long)signal, 0, 0, 0);
}

int nseb_set_current_thread_name(const char *name) {
    char truncated[16];
    strncpy(truncated, name, sizeof truncated - 1);
    truncated[sizeof truncated - 1] = '\0';
    return pthread_setname_np(pthread_self(), truncated);
}

int nseb_timerfd_create(void) {
    return timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
}

int nseb_timerfd_arm_absolute(int fd, unsigned long long monotonic_nanoseconds) {
    struct itimerspec spec = {0};
    spec.it_value.tv_sec = (time_t)(monotonic_nanoseconds / 1000000000ULL);
    spec.it_value.tv_nsec = (long)(monotonic_nanoseconds % 1000000000ULL);
    return timerfd_settime(fd, TFD_TIMER_ABSTIME, &spec, NULL);
}

int nseb_stdout_flush_and_line_buffer(void) {
    fflush(stdout);
    return setvbuf(stdout, NULL, _IOLBF, 0);
}

int nseb_allowed_cpu_count(void) {
    cpu_set_t allowed;
    CPU_ZERO(&allowed);
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return -1;
    return CPU_COUNT(&allowed);
}
