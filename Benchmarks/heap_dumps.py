"""Reading jemalloc's heap profiles (MALLOC_CONF prof:true) for Benchmarks/memory.sh and live-objects.sh."""
import collections, glob, math, re, subprocess


def stacks(path):
    """(objects, bytes, [addresses]) per stack in the dump at `path`, unsampled as jeprof does (exact
    when every allocation was sampled, lg_prof_sample:0)."""
    lines = open(path).read().splitlines()
    rate = int(re.search(r'/(\d+)', lines[0]).group(1))
    found, addresses = [], None
    for line in lines[1:]:
        if line.startswith('@'):
            addresses = [int(a, 16) for a in line[1:].split()]
            continue
        m = re.match(r'\s*t\*: (\d+): (\d+) \[', line)
        if m and addresses is not None:
            samples, sampled = int(m.group(1)), int(m.group(2))
            if samples:
                scale = 1 / (1 - math.exp(-(sampled / samples) / rate))
                found.append((samples * scale, sampled * scale, addresses))
            addresses = None
    return found


def run_dumps(folder):
    """The run's dumps in the order written: the embedded server is a process of its own and dumps
    too, so the run's are those of the process that dumped most."""
    by_pid = collections.defaultdict(list)
    for dump in glob.glob(f'{folder}/*.heap'):
        by_pid[dump.split('.')[-4]].append(dump)
    if not by_pid:
        raise SystemExit('jemalloc wrote no heap profile: is nse-bench linked with a jemalloc built with profiling?')
    return sorted(max(by_pid.values(), key=len), key=lambda d: int(d.split('.')[-2][1:]))


def symbolizer(binary, dump):
    """A function from an address in `dump` to its symbol (mangled), or the address in hex."""
    raw = subprocess.run(['jeprof', '--raw', binary, dump], capture_output=True, text=True).stdout
    symbols = {}
    for line in raw.splitlines():
        m = re.match(r'0x([0-9a-f]+) (.*)', line)
        if m:
            symbols[int(m.group(1), 16)] = m.group(2).split('<')[0]

    def name(address):
        for delta in (0, -1, 1):
            if address + delta in symbols:
                return symbols[address + delta]
        return hex(address)
    return name


def demangle(symbol, width=130):
    text = subprocess.run(['swift', 'demangle', '--simplified', '--compact', symbol], capture_output=True,
                          text=True).stdout
    return text.strip()[:width]
