#include "CrashReporter.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int reporter_fd = -1;
/// The worker itself: a child it forks inherits the handlers, the mark and the descriptor, and must not
/// speak for it.
static pid_t reporter_pid = -1;
static __thread long current_invocation = -1;

/// Writes {"crashed":{"id":N}} for the calling thread's mark. Async-signal-safe.
static void write_report(void) {
    char line[64] = "\n{\"crashed\":{\"id\":";
    size_t length = strlen(line);
    long id = current_invocation;
    char digits[24];
    size_t count = 0;
    int negative = id < 0;
    unsigned long value = negative ? (unsigned long)(-id) : (unsigned long)id;
    do {
        digits[count++] = (char)('0' + value % 10);
        value /= 10;
    } while (value != 0 && count < sizeof digits);
    if (negative) line[length++] = '-';
    while (count > 0) line[length++] = digits[--count];
    line[length++] = '}';
    line[length++] = '}';
    line[length++] = '\n';
    if (reporter_fd >= 0 && getpid() == reporter_pid) {
        ssize_t ignored = write(reporter_fd, line, length);
        (void)ignored;
    }
}

static void report(int signal_number) {
    write_report();
    signal(signal_number, SIG_DFL);
    raise(signal_number);
}

/// exit() called by an invocation's own code (a marked thread) ends the process as a crash does: the
/// invocation is named. The worker's own end runs on an unmarked thread and writes nothing.
static void report_exit(void) {
    if (current_invocation >= 0) write_report();
}

void nseb_crash_reporter_install(int fd) {
    reporter_fd = fd;
    reporter_pid = getpid();
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = report;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND;
    int signals[] = {SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT};
    for (size_t index = 0; index < sizeof signals / sizeof signals[0]; index++) {
        sigaction(signals[index], &action, NULL);
    }
    atexit(report_exit);
}

long nseb_crash_reporter_mark(long id) {
    long previous = current_invocation;
    current_invocation = id;
    return previous;
}
