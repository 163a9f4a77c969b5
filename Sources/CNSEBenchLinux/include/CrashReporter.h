#ifndef NSEB_CRASH_REPORTER_H
#define NSEB_CRASH_REPORTER_H

/// Which invocation a crash belongs to, in an extension worker process that runs many at once.
///
/// nseb_crash_reporter_install(fd) installs handlers for SIGILL, SIGTRAP (Swift's runtime traps),
/// SIGSEGV, SIGBUS, SIGFPE and SIGABRT that write one line, {"crashed":{"id":N}}, to fd with the id the
/// crashing thread last marked (-1 when none), then restore the default action and re-raise, so the
/// process still dies of the signal. The handler is async-signal-safe: one write(2), no allocation.
/// It also registers an atexit handler that writes the same line when exit() is called on a marked
/// thread (an extension's own exit(0) ends the process as a crash would).
/// nseb_crash_reporter_mark(id) marks the calling thread (returns the previous mark; -1 unmarks).
void nseb_crash_reporter_install(int fd);
long nseb_crash_reporter_mark(long id);

#endif
