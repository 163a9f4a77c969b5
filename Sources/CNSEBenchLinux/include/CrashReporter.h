#ifndef NSEB_CRASH_REPORTER_H
#define NSEB_CRASH_REPORTER_H

/// Which invocation a crash belongs to, in an extension worker process that runs many at once.
///
/// nseb_crash_reporter_install(fd) installs handlers for SIGILL, SIGTRAP (Swift's runtime traps),
/// SIGSEGV, SIGBUS, SIGFPE and SIGABRT that write one line, {"crashed":{"id":N,"signal":S}}, to fd with the id the
/// crashing thread last marked (-1 when none), then restore the default action and re-raise, so the
/// process still dies of the signal. The handler allocates nothing and writes the line in one write(2);
/// besides, it reads the stack with backtrace(3), whose unwinder the install loads beforehand. The first
/// thread to crash reports; another crashing meanwhile waits for the process to die of the first (up to
/// a second), so that the report names the first crash and its stack.
/// It also registers an atexit handler that writes the same line when exit() is called on a marked
/// thread (an extension's own exit(0) ends the process as a crash would).
/// nseb_crash_reporter_mark(id) marks the calling thread (returns the previous mark; -1 unmarks).
void nseb_crash_reporter_install(int fd);
long nseb_crash_reporter_mark(long id);

/// The invocation thread `tid` of this process is marked with now (-1 when none, or unknown).
long nseb_crash_reporter_mark_of(long tid);

/// From now on a SIGILL or SIGTRAP (Swift's runtime traps) on a marked thread does not end the process:
/// the line written is {"trapped":{"id":N,"signal":S,...}}, then three longs, the id, the signal and the
/// thread's kernel id, are written to trap_fd in one write(2), and the thread is held for ever with every signal blocked. Other
/// signals, and traps on unmarked threads, still end the process. -1 stops holding traps.
void nseb_crash_reporter_hold_traps(int trap_fd);

/// Where the crash happened, for the images registered with nseb_crash_reporter_add_images(prefix)
/// (each loaded library whose path starts with prefix; at most 8 in all): the line then carries
/// "stack":{"images":[PATH,...],"frames":[[IMAGE,ADDRESS],...]}, innermost first, each ADDRESS in its
/// image's file as a symbolizer reads it (the faulting instruction exactly, then each return address
/// less one). Only the first crash of the process writes it; the line stays within PIPE_BUF. Returns
/// how many images were added.
int nseb_crash_reporter_add_images(const char *prefix);

#endif
