// Linux-only system calls that Swift's Glibc module does not expose. Every shim is prefixed
// `nseb_` and says why it exists.
#ifndef NSEB_CNSEBENCHLINUX_H
#define NSEB_CNSEBENCHLINUX_H

#include <sys/socket.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>

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

#endif
