#define _GNU_SOURCE
#include "CNSEBenchLinux.h"

int nseb_accept4(int fd, struct sockaddr *address, socklen_t *length, int flags) {
    return accept4(fd, address, length, flags);
}
