#!/usr/bin/env python3
"""What foliod and its workers hold at their peak while indexing a folder from nothing.

Copies (hard links) DOCS into a temporary home, starts foliod on it with the default
configuration plus CONFIG_LINES (TOML, e.g. '[ocr]\\nenabled = false'), and samples every
30 ms until `folioctl status` says idle. At the peak of the group's RSS sum it keeps each
process's /proc/PID/smaps and the documents it had open, then prints, per process, its RSS
and its largest mappings: where the memory is, and which files put it there.

usage: bench/peak.py DOCS [CONFIG_LINES]   (release build: make release)
"""
import collections, json, os, shutil, subprocess, sys, tempfile, time

from daemon import BIN, children, rss_kib


def snapshot(pid, docs):
    """(pid, RSS KiB, smaps text, open documents) of a process, or None once it is gone."""
    try:
        files = [os.readlink(f"/proc/{pid}/fd/{fd}") for fd in os.listdir(f"/proc/{pid}/fd")]
        with open(f"/proc/{pid}/smaps") as f:
            return pid, rss_kib(pid), f.read(), [os.path.basename(p) for p in files if p.startswith(docs)]
    except OSError:
        return None


def mappings(smaps):
    """Resident KiB per mapping (file name and permissions, or [heap], [anon]…)."""
    sizes, current = collections.Counter(), None
    for line in smaps.splitlines():
        fields = line.split()
        if len(fields) >= 5 and "-" in fields[0] and ":" not in fields[0]:
            current = (os.path.basename(fields[5]) if len(fields) > 5 else "[anon]") + " " + fields[1]
        elif line.startswith("Rss:"):
            sizes[current] += int(fields[1])
    return sizes


def main():
    source, config = os.path.abspath(sys.argv[1]), sys.argv[2] if len(sys.argv) > 2 else ""
    work = tempfile.mkdtemp(prefix="folio-peak.")
    home = os.path.join(work, "home")
    docs = os.path.join(home, "Documents")
    os.makedirs(home)
    subprocess.run(["cp", "-al", source, docs], check=True)
    env = dict(os.environ, HOME=home, XDG_DATA_HOME=os.path.join(home, "data"), XDG_CONFIG_HOME=os.path.join(home, "config"),
               XDG_RUNTIME_DIR=os.path.join(work, "run"), OMP_THREAD_LIMIT="1")
    os.makedirs(env["XDG_RUNTIME_DIR"])
    os.makedirs(os.path.join(env["XDG_CONFIG_HOME"], "folio"))
    with open(os.path.join(env["XDG_CONFIG_HOME"], "folio", "config.toml"), "w") as f:
        f.write(config.replace("\\n", "\n") + "\n")

    def idle():
        out = subprocess.run([f"{BIN}/folioctl", "status", "--json"], env=env, capture_output=True, text=True).stdout
        try:
            return (json.loads(out).get("daemon") or {}).get("state") == "idle"
        except json.JSONDecodeError:
            return False

    start = time.time()
    daemon = subprocess.Popen([f"{BIN}/foliod"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    peak, at_peak, checked = 0, [], 0.0
    while True:
        group = [daemon.pid] + children(daemon.pid)
        total = sum(rss_kib(p) for p in group)
        if total > peak:
            peak, at_peak = total, [s for s in (snapshot(p, docs) for p in group) if s]
        if time.time() - checked > 1:
            checked = time.time()
            if time.time() - start > 3 and idle():
                break
        time.sleep(0.03)
    elapsed = time.time() - start
    daemon.terminate()
    daemon.wait()
    shutil.rmtree(work)
    print(f"indexed in {elapsed:.1f} s; peak RSS of foliod and its workers {peak / 1024:.1f} MiB")
    for pid, rss, smaps, files in at_peak:
        print(f"pid {pid}: {rss / 1024:.1f} MiB, reading {', '.join(files) or 'no document'}")
        for name, kib in mappings(smaps).most_common(6):
            print(f"  {kib / 1024:6.1f} MiB  {name}")


if __name__ == "__main__":
    main()
