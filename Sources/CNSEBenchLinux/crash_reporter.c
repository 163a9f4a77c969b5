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
/// The thread writing the one report that names frames (0: none yet).
static atomic_long report_owner;
static char report_buffer[max_line];

/// Appends `count` bytes of `text` if they fit, keeping room for the line's end.
static int append(char *line, size_t *length, const char *text, size_t count) {
    if (*length + count + 8 > max_line) return 0;
    memcpy(line + *length, text, count);
    *length += count;
    return 1;
}

static int append_text(char *line, size_t *length, const char *text) {
    return append(line, length, text, strlen(text));
}

static int append_number(char *line, size_t *length, long id) {
    char digits[24];
    size_t count = 0;
    int negative = id < 0;
    unsigned long value = negative ? (unsigned long)(-id) : (unsigned long)id;
    do {
        digits[count++] = (char)('0' + value % 10);
        value /= 10;
    } while (value != 0 && count < sizeof digits);
    char text[26];
    size_t used = 0;
    if (negative) text[used++] = '-';
    while (count > 0) text[used++] = digits[--count];
    return append(line, length, text, used);
}

static int image_of(uintptr_t address, int count) {
    for (int index = 0; index < count; index++) {
        if (address >= images[index].start && address < images[index].end) return index;
    }
    return -1;
}

/// Appends ,"stack":{"images":[...],"frames":[[image,address],...]} for the frames in registered
/// images: `pc` (the faulting instruction, exact; 0 when none) and the return addresses the stack
/// holds above it, each less one so that it falls in its call's line. Nothing when no frame is in one.
static void append_stack(char *line, size_t *length, uintptr_t pc) {
    int count = atomic_load(&image_count);
    if (count == 0) return;
    void *addresses[max_addresses];
    int read = backtrace(addresses, max_addresses);
    uintptr_t frames[max_frames];
    int frame_count = 0;
    int first = 0;
    if (pc != 0) {
        frames[frame_count++] = pc;
        // The unwinder passes through the signal's frame to the faulting instruction itself: the
        // callers are what follows it.
        for (int index = 0; index < read; index++) {
            if ((uintptr_t)addresses[index] == pc) {
                first = index + 1;
                break;
            }
        }
    }
    for (int index = first; index < read && frame_count < max_frames; index++) {
        uintptr_t address = (uintptr_t)addresses[index];
        if (address != 0) frames[frame_count++] = address - 1;
    }
    size_t start = *length;
    if (!append_text(line, length, ",\"stack\":{\"images\":[")) return;
    for (int index = 0; index < count; index++) {
        if ((index > 0 && !append_text(line, length, ","))
            || !append(line, length, images[index].text, images[index].length)) {
            *length = start;
            return;
        }
    }
    if (!append_text(line, length, "],\"frames\":[")) {
        *length = start;
        return;
    }
    int named = 0;
    for (int index = 0; index < frame_count; index++) {
        int image = image_of(frames[index], count);
        if (image < 0) continue;
        size_t before = *length;
        if ((named > 0 && !append_text(line, length, ",")) || !append_text(line, length, "[")
            || !append_number(line, length, image) || !append_text(line, length, ",")
            || !append_number(line, length, (long)(frames[index] - images[image].bias))
            || !append_text(line, length, "]")) {
            *length = before;
            break;
        }
        named++;
    }
    if (named == 0 || !append_text(line, length, "]}")) *length = start;
}

/// Writes {"crashed":{"id":N,"stack":...}} for the calling thread's mark, in one write(2).
/// Async-signal-safe but for backtrace(3), whose unwinder the install loaded beforehand.
///
/// The first thread to crash writes the report and ends the process. Another crashing meanwhile waits
/// for that end (up to a second, then writes the short form): its report first would name it as the
/// crash, without the stack. A crash inside the report itself writes the short form at once.
static void write_report(uintptr_t pc) {
    if (reporter_fd < 0 || getpid() != reporter_pid) return;
    char short_line[64];
    long self = (long)syscall(SYS_gettid);
    long owner = 0;
    int whole = atomic_compare_exchange_strong(&report_owner, &owner, self);
    if (!whole && owner != self) {
        struct timespec pause = {0, 10 * 1000 * 1000};
        for (int waited = 0; waited < 100; waited++) nanosleep(&pause, NULL);
    }
    char *line = whole ? report_buffer : short_line;
    size_t length = 0;
    append_text(line, &length, "\n{\"crashed\":{\"id\":");
    append_number(line, &length, current_invocation);
    if (whole) append_stack(line, &length, pc);
    line[length++] = '}';
    line[length++] = '}';
    line[length++] = '\n';
    ssize_t ignored = write(reporter_fd, line, length);
    (void)ignored;
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

static void report(int signal_number, siginfo_t *info, void *context) {
    (void)info;
    write_report(context ? faulting_instruction(context) : 0);
    signal(signal_number, SIG_DFL);
    raise(signal_number);
}

/// exit() called by an invocation's own code (a marked thread) ends the process as a crash does: the
/// invocation is named, with the calls that led to exit(). The worker's own end runs on an unmarked
/// thread and writes nothing.
static void report_exit(void) {
    if (current_invocation >= 0) write_report(0);
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
    action.sa_flags = SA_SIGINFO;
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

struct image_search {
    const char *prefix;
    size_t prefix_length;
    int added;
};

/// The image's path as a JSON string; 0 when it does not fit or holds a control character.
static int json_text(const char *path, char *text, size_t *length) {
    size_t used = 0;
    text[used++] = '"';
    for (const char *character = path; *character != '\0'; character++) {
        if ((unsigned char)*character < 0x20) return 0;
        if (used + 3 >= max_image_text) return 0;
        if (*character == '"' || *character == '\\') text[used++] = '\\';
        text[used++] = *character;
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
