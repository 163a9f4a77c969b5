#define _GNU_SOURCE
#include "CrashReporter.h"

#include <execinfo.h>
#include <link.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

static int reporter_fd = -1;
/// The worker itself: a child it forks inherits the handlers, the mark and the descriptor, and must not
/// speak for it.
static pid_t reporter_pid = -1;
static __thread long current_invocation = -1;

enum {
    /// Images whose frames a report names (the extension's library and its modules' libraries).
    max_images = 8,
    /// An image's path as JSON text, quotes included.
    max_image_text = 512,
    /// Frames a report names, innermost first.
    max_frames = 16,
    /// Addresses read from the stack: the handler's own frames and the signal's come first.
    max_addresses = 64,
    /// A report is one write(2) of at most PIPE_BUF bytes, so that no other line of the worker's
    /// output interleaves with it.
    max_line = 4096,
};

/// An image's executable segments and its load bias (a runtime address less the bias is the address
/// in the file, as a symbolizer reads it).
struct image {
    uintptr_t start, end, bias;
    char text[max_image_text];
    size_t length;
};

/// Written before a crash can read them (registration happens as the worker sets itself up); the
/// count is published last.
static struct image images[max_images];
static atomic_int image_count;
/// The thread writing the report that names frames (0: none now), and whether a crash that ends the
/// process has written it. A held trap's owner gives the buffer back once its report is written.
static atomic_long report_owner;
static atomic_int report_written;
static char report_buffer[max_line];
/// Where a trap on a marked thread is told to the worker before its thread is held (-1: traps end the
/// process): nseb_crash_reporter_hold_traps.
static atomic_int trap_fd = -1;

/// A report being built: its buffer, the buffer's size and what it holds so far.
struct line {
    char *text;
    size_t capacity;
    size_t length;
};

/// Appends `count` bytes of `text` if they fit, keeping room for the line's end ("}}\n").
static int append(struct line *line, const char *text, size_t count) {
    if (line->length + count + 3 > line->capacity) return 0;
    memcpy(line->text + line->length, text, count);
    line->length += count;
    return 1;
}

static int append_text(struct line *line, const char *text) {
    return append(line, text, strlen(text));
}

static int append_number(struct line *line, long number) {
    char digits[24];
    size_t count = 0;
    int negative = number < 0;
    // 0 - n in unsigned arithmetic: LONG_MIN's magnitude too.
    unsigned long value = negative ? 0UL - (unsigned long)number : (unsigned long)number;
    do {
        digits[count++] = (char)('0' + value % 10);
        value /= 10;
    } while (value != 0 && count < sizeof digits);
    char text[26];
    size_t used = 0;
    if (negative) text[used++] = '-';
    while (count > 0) text[used++] = digits[--count];
    return append(line, text, used);
}

static int image_of(uintptr_t address, int count) {
    for (int index = 0; index < count; index++) {
        if (address >= images[index].start && address < images[index].end) return index;
    }
    return -1;
}

/// Appends ,"stack":{"images":[...],"frames":[[image,address],...]} for the frames in registered
/// images: `pc` (the faulting instruction, exact; 0 when none) and the return addresses the stack
/// holds above it, each less one so that it falls in its call's line, the first `max_frames` of them
/// that are in an image (the frames of the system's libraries between them are passed over). Nothing
/// when no frame is in one, or when the images' paths leave no room for one.
static void append_stack(struct line *line, uintptr_t pc) {
    int count = atomic_load(&image_count);
    if (count == 0) return;
    void *addresses[max_addresses];
    int read = backtrace(addresses, max_addresses);
    int first = 0;
    if (pc != 0) {
        // The unwinder passes through the signal's frame to the faulting instruction itself: the
        // callers are what follows it.
        for (int index = 0; index < read; index++) {
            if ((uintptr_t)addresses[index] == pc) {
                first = index + 1;
                break;
            }
        }
    }
    uintptr_t frames[max_frames];
    int frame_images[max_frames];
    int frame_count = 0;
    if (pc != 0 && image_of(pc, count) >= 0) {
        frame_images[frame_count] = image_of(pc, count);
        frames[frame_count++] = pc;
    }
    for (int index = first; index < read && frame_count < max_frames; index++) {
        uintptr_t address = (uintptr_t)addresses[index];
        if (address == 0) continue;
        int image = image_of(address - 1, count);
        if (image < 0) continue;
        frame_images[frame_count] = image;
        frames[frame_count++] = address - 1;
    }
    if (frame_count == 0) return;
    size_t start = line->length;
    if (!append_text(line, ",\"stack\":{\"images\":[")) return;
    for (int index = 0; index < count; index++) {
        if ((index > 0 && !append_text(line, ",")) || !append(line, images[index].text, images[index].length)) {
            line->length = start;
            return;
        }
    }
    if (!append_text(line, "],\"frames\":[")) {
        line->length = start;
        return;
    }
    // Room kept for the closing "]}" of the stack.
    line->capacity -= 2;
    int named = 0;
    for (int index = 0; index < frame_count; index++) {
        size_t before = line->length;
        int image = frame_images[index];
        if ((named > 0 && !append_text(line, ",")) || !append_text(line, "[") || !append_number(line, image)
            || !append_text(line, ",") || !append_number(line, (long)(frames[index] - images[image].bias))
            || !append_text(line, "]")) {
            line->length = before;
            break;
        }
        named++;
    }
    line->capacity += 2;
    if (named == 0 || !append_text(line, "]}")) line->length = start;
}

/// Writes {"KIND":{"id":N,"signal":S,"stack":...}} for the calling thread's mark, in one write(2):
/// KIND "crashed" for a crash that ends the process, "trapped" for a held trap. Async-signal-safe but
/// for backtrace(3), whose unwinder the install loaded beforehand.
///
/// One thread at a time writes the whole report. The first crash that ends the process keeps it, and
/// another crashing meanwhile waits for that end: its report first would name it as the crash, without
/// the stack. A held trap gives it back once written, so each trap names its own stack. A thread that
/// waited 10 s for it writes the short form (an alarm ends a crashing process after 5 s, should its
/// unwinder block); a crash inside the report itself writes the short form at once.
static void write_report(uintptr_t pc, int signal_number, int held) {
    if (reporter_fd < 0 || getpid() != reporter_pid) return;
    char short_text[96];
    long self = (long)syscall(SYS_gettid);
    int whole = 0;
    struct timespec pause = {0, 10 * 1000 * 1000};
    for (int waited = 0;; waited++) {
        long owner = 0;
        if (atomic_compare_exchange_strong(&report_owner, &owner, self)) {
            whole = 1;
            break;
        }
        if (owner == self || waited >= 1000) break;
        // Written by a crash that ends the process: it is ending.
        while (atomic_load(&report_written)) nanosleep(&pause, NULL);
        nanosleep(&pause, NULL);
    }
    // The signal's report: should the unwinder block (a lock of the dynamic linker's held by the
    // crashed code), SIGALRM ends the process rather than leaving it hung until the run gives up on it.
    if (whole && pc != 0) alarm(5);
    struct line line = whole ? (struct line){report_buffer, sizeof report_buffer, 0}
                             : (struct line){short_text, sizeof short_text, 0};
    append_text(&line, held ? "\n{\"trapped\":{\"id\":" : "\n{\"crashed\":{\"id\":");
    append_number(&line, current_invocation);
    if (signal_number > 0) {
        append_text(&line, ",\"signal\":");
        append_number(&line, signal_number);
    }
    if (whole) append_stack(&line, pc);
    // A held trap's stack is read: the process goes on, and a reply pipe full for a while must not end it.
    if (whole && held) alarm(0);
    line.text[line.length++] = '}';
    line.text[line.length++] = '}';
    line.text[line.length++] = '\n';
    ssize_t ignored = write(reporter_fd, line.text, line.length);
    (void)ignored;
    if (!whole) return;
    if (held) {
        atomic_store(&report_owner, 0);
    } else {
        atomic_store(&report_written, 1);
    }
}

/// Holds the calling thread for ever, every signal blocked: the process goes on without it.
static void hold_thread(void) {
    sigset_t all;
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, NULL);
    for (;;) pause();
}

static uintptr_t faulting_instruction(void *context) {
#if defined(__x86_64__)
    return (uintptr_t)((ucontext_t *)context)->uc_mcontext.gregs[REG_RIP];
#elif defined(__aarch64__)
    return (uintptr_t)((ucontext_t *)context)->uc_mcontext.pc;
#else
    (void)context;
    return 0;
#endif
}

/// A Swift runtime trap (a failed check: a force-unwrapped nil, an index out of range, fatalError) on a
/// thread marked with an invocation, when traps are held: the check failed before anything was
/// corrupted, so the thread is held and the process goes on with the other invocations, as each phone's
/// own process would. The worker hears the invocation's id and the signal on the trap descriptor and
/// ends that invocation as crashed. Any other fatal signal (a bad memory access may have corrupted what
/// the others use) ends the process.
static void report(int signal_number, siginfo_t *info, void *context) {
    (void)info;
    int fd = atomic_load(&trap_fd);
    long self = (long)syscall(SYS_gettid);
    // Not the main thread (its run loop drains the main queue every phone's code may use, and the
    // process's exit waits on it), nor a trap inside this thread's own report (which holds the report's
    // ownership and its alarm).
    int held = fd >= 0 && current_invocation >= 0 && getpid() == reporter_pid && self != (long)getpid()
        && atomic_load(&report_owner) != self && (signal_number == SIGILL || signal_number == SIGTRAP);
    write_report(context ? faulting_instruction(context) : 0, signal_number, held);
    if (held) {
        long message[3] = {current_invocation, signal_number, self};
        if (write(fd, message, sizeof message) == (ssize_t)sizeof message) hold_thread();
        // Not told: the worker would never end the invocation, so the process ends of the signal.
    }
    signal(signal_number, SIG_DFL);
    raise(signal_number);
}

/// exit() called by an invocation's own code (a marked thread) ends the process as a crash does: the
/// invocation is named, with the calls that led to exit(). The worker's own end runs on an unmarked
/// thread and writes nothing.
static void report_exit(void) {
    if (current_invocation >= 0) write_report(0, 0, 0);
}

void nseb_crash_reporter_install(int fd) {
    reporter_fd = fd;
    reporter_pid = getpid();
    // backtrace(3) loads its unwinder on its first call, which a signal handler must not do.
    void *warm_up[1];
    backtrace(warm_up, 1);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = report;
    sigemptyset(&action.sa_mask);
    // Not SA_RESETHAND: a second thread's trap while the first writes its report would then end the
    // process at once, before the report. The handler restores the default action itself.
    // SA_NODEFER: the same signal raised inside the handler (the unwinder faulting on a corrupt stack
    // while handling a SIGSEGV) enters it again, and writes the short form, where a blocked one would
    // end the process before any report.
    action.sa_flags = SA_SIGINFO | SA_NODEFER;
    int signals[] = {SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT};
    for (size_t index = 0; index < sizeof signals / sizeof signals[0]; index++) {
        sigaction(signals[index], &action, NULL);
    }
    atexit(report_exit);
}

void nseb_crash_reporter_hold_traps(int fd) {
    atomic_store(&trap_fd, fd);
}

/// Which invocation each thread is marked with, by kernel thread id, for other threads to read (a
/// thread's own mark is thread-local): a slot per tid modulo the table's size, holding the tid and the
/// mark together so that a reader never pairs one thread's id with another's mark. Two live threads
/// whose ids share a slot overwrite each other: the reader then misses one, never misreads it.
#define MARK_SLOTS 4096
static _Atomic unsigned long long marks[MARK_SLOTS];
static __thread long cached_tid = 0;

static unsigned long long packed_mark(long tid, long id) {
    return ((unsigned long long)(unsigned int)tid << 32) | (unsigned int)(id < 0 ? -1 : (int)id);
}

long nseb_crash_reporter_mark(long id) {
    long previous = current_invocation;
    current_invocation = id;
    if (cached_tid == 0) cached_tid = (long)syscall(SYS_gettid);
    atomic_store_explicit(&marks[cached_tid % MARK_SLOTS], packed_mark(cached_tid, id), memory_order_relaxed);
    return previous;
}

long nseb_crash_reporter_mark_of(long tid) {
    if (tid <= 0) return -1;
    unsigned long long slot = atomic_load_explicit(&marks[tid % MARK_SLOTS], memory_order_relaxed);
    if ((long)(slot >> 32) != tid) return -1;
    return (long)(int)(unsigned int)(slot & 0xffffffffu);
}

struct image_search {
    const char *prefix;
    size_t prefix_length;
    int added;
};

/// The length of the UTF-8 sequence starting at `bytes` (1 to 4), or 0 where it is not valid UTF-8.
static size_t utf8_sequence(const unsigned char *bytes) {
    unsigned char lead = bytes[0];
    size_t length = lead < 0x80 ? 1 : (lead & 0xE0) == 0xC0 ? 2 : (lead & 0xF0) == 0xE0 ? 3 : (lead & 0xF8) == 0xF0 ? 4 : 0;
    if (length == 0 || (length == 2 && lead < 0xC2)) return 0;
    for (size_t index = 1; index < length; index++) {
        if ((bytes[index] & 0xC0) != 0x80) return 0;
    }
    return length;
}

/// The image's path as a JSON string; 0 when it does not fit, holds a control character or is not
/// valid UTF-8 (JSON's text must be, or the whole report would not read).
static int json_text(const char *path, char *text, size_t *length) {
    size_t used = 0;
    text[used++] = '"';
    const unsigned char *bytes = (const unsigned char *)path;
    while (*bytes != '\0') {
        size_t sequence = utf8_sequence(bytes);
        if (sequence == 0 || *bytes < 0x20 || used + sequence + 2 >= max_image_text) return 0;
        if (*bytes == '"' || *bytes == '\\') text[used++] = '\\';
        memcpy(text + used, bytes, sequence);
        used += sequence;
        bytes += sequence;
    }
    text[used++] = '"';
    *length = used;
    return 1;
}

static int add_image(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    struct image_search *search = data;
    if (info->dlpi_name == NULL || strncmp(info->dlpi_name, search->prefix, search->prefix_length) != 0) return 0;
    int count = atomic_load(&image_count);
    for (int index = 0; index < count; index++) {
        if (images[index].bias == info->dlpi_addr) return 0;
    }
    if (count >= max_images) return 1;
    uintptr_t start = UINTPTR_MAX, end = 0;
    for (int index = 0; index < info->dlpi_phnum; index++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[index];
        if (header->p_type != PT_LOAD || (header->p_flags & PF_X) == 0) continue;
        uintptr_t low = info->dlpi_addr + header->p_vaddr;
        uintptr_t high = low + header->p_memsz;
        if (low < start) start = low;
        if (high > end) end = high;
    }
    struct image *image = &images[count];
    if (end <= start || !json_text(info->dlpi_name, image->text, &image->length)) return 0;
    image->start = start;
    image->end = end;
    image->bias = info->dlpi_addr;
    atomic_store(&image_count, count + 1);
    search->added++;
    return 0;
}

int nseb_crash_reporter_add_images(const char *prefix) {
    struct image_search search = {prefix, strlen(prefix), 0};
    dl_iterate_phdr(add_image, &search);
    return search.added;
}
