#!/usr/bin/env python3
"""foliod beside Recoll on one corpus, in one run:

  1. full index from nothing, OCR off: foliod (until `folioctl status` says idle) against
     `recollindex`; and, for the target, `mutool draw -F txt` over the PDFs on both cores;
  2. start-up with nothing changed: foliod again on the same index, until idle;
  3. change to searchable: 50 new files, one at a time, each timed from its creation until
     `folioq` finds it (p50, p95), beside `recollindex -m` and `recollq` (5 files, at most
     a minute each: Recoll's monitor is slower than that);
  4. memory: peak RSS of foliod and its workers together while indexing, and foliod's
     own RSS when idle; and the same as PSS (proportional set size: each shared page
     counted once over all processes, so the sum is the memory the group really takes,
     where the RSS sum counts the libraries the daemon and its workers share once each).

usage: bench/daemon.py CORPUS_DIR [--skip-recoll | --folio-only]   (release build; needs recollcmd, mupdf-tools)

--folio-only runs foliod's parts alone: with FOLIO_BIN set to each of two builds in turn,
it compares them on the same work.
"""
import json, os, resource, shutil, statistics, subprocess, sys, tempfile, threading, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("FOLIO_BIN", os.path.join(ROOT, ".build", "release"))
FOLDERS = ["pdf", "html", "md", "txt"]


def proc_kib(pid, name, field):
    """A kB figure of /proc/PID/NAME (`VmRSS:` of status, `Pss:` of smaps_rollup); 0 once gone."""
    try:
        with open(f"/proc/{pid}/{name}") as f:
            for line in f:
                if line.startswith(field):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def rss_kib(pid):
    return proc_kib(pid, "status", "VmRSS:")


def pss_kib(pid):
    return proc_kib(pid, "smaps_rollup", "Pss:")


def cpu_seconds(pid):
    """User + system CPU seconds of a process so far (0 once gone)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def children(pid):
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return [int(p) for p in f.read().split()]
    except OSError:
        return []


class Sampler(threading.Thread):
    """Peak RSS and peak PSS of a process and its children together, sampled every 50 ms,
    each process's RSS at the peak (the daemon's first), and the CPU time of them all
    (`cpu_s`; each process's last sample, at most 50 ms before it ended)."""
    def __init__(self, pid):
        super().__init__(daemon=True)
        self.pid, self.peak, self.peak_pss, self.peak_parts, self.running = pid, 0, 0, [], True
        self.cpu = {}

    @property
    def cpu_s(self):
        return sum(self.cpu.values())

    def run(self):
        while self.running:
            group = [self.pid] + children(self.pid)
            for p in group:
                self.cpu[p] = max(self.cpu.get(p, 0.0), cpu_seconds(p))
            parts = [rss_kib(p) for p in group]
            if sum(parts) > self.peak:
                self.peak, self.peak_parts = sum(parts), parts
            self.peak_pss = max(self.peak_pss, sum(pss_kib(p) for p in group))
            time.sleep(0.05)


def main():
    corpus = os.path.abspath(sys.argv[1])
    folio_only = "--folio-only" in sys.argv
    skip_recoll = folio_only or "--skip-recoll" in sys.argv
    work = tempfile.mkdtemp(prefix="folio-daemon-bench.")
    home = os.path.join(work, "home")
    docs = os.path.join(home, "Documents")
    os.makedirs(docs)
    for folder in FOLDERS:
        shutil.copytree(os.path.join(corpus, folder), os.path.join(docs, folder))
    env = dict(os.environ, HOME=home, XDG_DATA_HOME=os.path.join(home, "data"), XDG_CONFIG_HOME=os.path.join(home, "config"),
               XDG_RUNTIME_DIR=os.path.join(work, "run"), OMP_THREAD_LIMIT="1")
    os.makedirs(env["XDG_RUNTIME_DIR"])
    os.makedirs(os.path.join(env["XDG_CONFIG_HOME"], "folio"))
    with open(os.path.join(env["XDG_CONFIG_HOME"], "folio", "config.toml"), "w") as f:
        f.write("[ocr]\nenabled = false\n")

    def status():
        out = subprocess.run([f"{BIN}/folioctl", "status", "--json"], env=env, capture_output=True, text=True).stdout
        try:
            return json.loads(out)
        except json.JSONDecodeError:
            return {}

    def start_daemon():
        return subprocess.Popen([f"{BIN}/foliod"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def wait_idle(since):
        while True:
            report = status()
            daemon = report.get("daemon") or {}
            if daemon.get("state") == "idle" and time.time() - since > 0.3:
                return time.time() - since
            time.sleep(0.1)

    results = {}
    # 1. full index
    start = time.time()
    daemon = start_daemon()
    sampler = Sampler(daemon.pid)
    sampler.start()
    results["folio_full_s"] = wait_idle(start)
    sampler.running = False
    results["folio_peak_rss_mib"] = sampler.peak / 1024
    results["folio_peak_pss_mib"] = sampler.peak_pss / 1024
    results["folio_peak_rss_parts_mib"] = [round(kib / 1024, 1) for kib in sampler.peak_parts]
    results["folio_cpu_s"] = sampler.cpu_s
    time.sleep(2)
    results["folio_idle_rss_mib"] = rss_kib(daemon.pid) / 1024
    results["folio_idle_pss_mib"] = pss_kib(daemon.pid) / 1024
    results["folio_counts"] = status().get("counts")
    daemon.terminate(); daemon.wait()
    # 2. start-up with nothing changed
    start = time.time()
    daemon = start_daemon()
    results["folio_startup_unchanged_s"] = wait_idle(start)
    # 3. change to searchable
    latencies = []
    for i in range(50):
        word = f"zqxfresh{i}word"
        path = os.path.join(docs, "txt", f"fresh-{i}.txt")
        created = time.time()
        with open(path, "w") as f:
            f.write(f"{word} appears here\n")
        while subprocess.run([f"{BIN}/folioq", "--format", "paths", word], env=env, capture_output=True).returncode != 0:
            pass
        latencies.append(time.time() - created)
    results["folio_searchable_p50_s"] = statistics.median(latencies)
    results["folio_searchable_p95_s"] = sorted(latencies)[int(0.95 * len(latencies)) - 1]
    daemon.terminate(); daemon.wait()
    for i in range(50):
        os.unlink(os.path.join(docs, "txt", f"fresh-{i}.txt"))

    # mutool over the PDFs on both cores, the target's anchor
    if not folio_only:
        pdfs = sorted(os.path.join(docs, "pdf", p) for p in os.listdir(os.path.join(docs, "pdf")))
        start = time.time()
        cpu_before = resource.getrusage(resource.RUSAGE_CHILDREN)
        halves = [pdfs[0::2], pdfs[1::2]]
        procs = [subprocess.Popen(["sh", "-c", 'for f; do mutool draw -q -F txt -o /dev/null "$f"; done', "sh"] + half,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for half in halves]
        for p in procs:
            p.wait()
        results["mutool_pdfs_2cores_s"] = time.time() - start
        cpu_after = resource.getrusage(resource.RUSAGE_CHILDREN)
        results["mutool_cpu_s"] = (cpu_after.ru_utime - cpu_before.ru_utime) + (cpu_after.ru_stime - cpu_before.ru_stime)

    if not skip_recoll:
        conf = os.path.join(work, "recoll")
        os.makedirs(conf)
        with open(os.path.join(conf, "recoll.conf"), "w") as f:
            f.write(f"topdirs = {docs}\n")
        start = time.time()
        proc = subprocess.Popen(["recollindex", "-c", conf], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        sampler = Sampler(proc.pid); sampler.start()
        proc.wait()
        sampler.running = False
        results["recoll_full_s"] = time.time() - start
        results["recoll_peak_rss_mib"] = sampler.peak / 1024
        results["recoll_peak_pss_mib"] = sampler.peak_pss / 1024
        start = time.time()
        subprocess.run(["recollindex", "-c", conf], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        results["recoll_startup_unchanged_s"] = time.time() - start
        monitor = subprocess.Popen(["recollindex", "-c", conf, "-m", "-D", "-x"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(5)
        # Recoll's monitor makes changes searchable when it flushes its index, which took
        # longer than a minute in trials here: five files, at most a minute each.
        latencies = []
        for i in range(5):
            word = f"zqxrecoll{i}word"
            path = os.path.join(docs, "txt", f"recoll-{i}.txt")
            created = time.time()
            with open(path, "w") as f:
                f.write(f"{word} appears here\n")
            # recollq -b prints the URLs of the documents found.
            while f"recoll-{i}.txt" not in subprocess.run(["recollq", "-c", conf, "-b", word], capture_output=True, text=True).stdout:
                if time.time() - created > 60:
                    break
                time.sleep(0.2)
            latencies.append(time.time() - created)
        results["recoll_searchable_s"] = latencies
        monitor.terminate(); monitor.wait()
    for i in range(5):
        if os.path.exists(os.path.join(docs, "txt", f"recoll-{i}.txt")):
            os.unlink(os.path.join(docs, "txt", f"recoll-{i}.txt"))
    print(json.dumps(results, indent=1))
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
