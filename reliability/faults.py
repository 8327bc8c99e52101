"""The fault parts of the reliability suite: kills, churn, a full disk, too few inotify
watches. Each part is a generator: it yields report lines and raises `Failure` when a
promise is broken."""
import os, signal, subprocess, threading, time

from folio import Failure, Home, converged, seeded, wait_until, words
from tree import Tree


def crash(seed, full):
    kills, files, terms = (60, 3000, 10) if full else (10, 400, 3)
    rng = seeded(seed, "crash")
    home = Home("workers = 2\n")
    try:
        tree = Tree(home, rng)
        tree.populate(files)
        group_kills = 0
        for _ in range(kills):
            home.start()
            time.sleep(rng.uniform(0.05, 1.5))
            whole_group = rng.random() < 0.5
            group_kills += whole_group
            home.kill(whole_group)
            tree.churn(rng.randrange(1, 40))
        home.start()
        count = converged(home)
        yield f"{kills} SIGKILLs survived ({group_kills} with the workers, {kills - group_kills} foliod alone), " \
              f"the tree changed between restarts; then integrity_check ok, index = disk ({count} files)"
        slowest = 0.0
        for _ in range(terms):
            # New files, so that foliod is busy, and changes to the old ones.
            tree.populate(100)
            tree.churn(100)
            time.sleep(rng.uniform(0.1, 0.5))
            started = time.monotonic()
            home.daemon.send_signal(signal.SIGTERM)
            try:
                home.daemon.wait(5)
            except subprocess.TimeoutExpired:
                raise Failure("foliod still ran 5 s after SIGTERM")
            took = time.monotonic() - started
            slowest = max(slowest, took)
            if home.daemon.returncode != 0 or took > 2:
                raise Failure(f"SIGTERM while indexing: exit {home.daemon.returncode} after {took:.2f} s")
            home.start()
        count = converged(home)
        yield f"{terms} SIGTERMs while indexing (each after 100 new files and 100 changes): exit 0, " \
              f"slowest {slowest:.2f} s; index = disk ({count} files)"
    finally:
        home.close()


def churn(seed, full):
    operations = 10_000 if full else 2_000
    rng = seeded(seed, "churn")
    home = Home("workers = 2\n")
    try:
        tree = Tree(home, rng)
        tree.populate(200)
        home.start()
        home.settle()
        queries = QueryLoop(home, seeded(seed, "queries"))
        queries.start()
        # In bursts of 500, a moment apart: the daemon is busy with one burst when the next
        # comes, and the queries run through all of it.
        counts, churned = {}, 0.0
        for _ in range(operations // 500):
            started = time.monotonic()
            for kind, n in tree.churn(500).items():
                counts[kind] = counts.get(kind, 0) + n
            churned += time.monotonic() - started
            time.sleep(rng.uniform(0, 1))
        home.settle(600)
        queries.stop()
        if queries.failures:
            raise Failure(f"{len(queries.failures)} of {queries.count} queries failed, first: {queries.failures[0]}")
        count = converged(home)
        yield f"{operations} operations in {churned:.1f} s: " + ", ".join(f"{n} {kind}" for kind, n in sorted(counts.items()))
        yield f"{queries.count} folioq queries meanwhile, none failed; settled: index = disk ({count} files)"
    finally:
        home.close()


class QueryLoop(threading.Thread):
    """Runs folioq over and over with words and operators a user might type."""

    def __init__(self, home, rng):
        super().__init__(daemon=True)
        self.home, self.rng = home, rng
        self.count, self.failures, self.running = 0, [], True

    def run(self):
        pieces = ["w1", "w2", "w3", "tax", "2023", '"', "(", ")", "*", "-", "NEAR", "AND", "OR", "NOT", ":", "^", "é"]
        while self.running:
            # A word to look for, among operators and punctuation (a query of nothing but
            # exclusions is a usage error, exit 2, and not what this loop is after).
            text = " ".join([f"w{self.rng.randrange(1000)}"] + [
                self.rng.choice(pieces) + (f"{self.rng.randrange(100)}" if self.rng.random() < 0.5 else "")
                for _ in range(self.rng.randrange(0, 4))])
            result = self.home.run("folioq", "--limit", "5", "--", text, timeout=30)
            self.count += 1
            if result.returncode not in (0, 1) or result.stderr:
                self.failures.append(f"{text!r}: exit {result.returncode}, {result.stderr.decode(errors='replace').strip()}")

    def stop(self):
        self.running = False
        self.join(60)


def limits(seed, full):
    yield from full_disk(seed, full)
    yield from watch_limit(seed, full)


def full_disk(seed, full):
    if os.geteuid() != 0:
        yield "skipped: mounting a small tmpfs for the data folder needs root"
        return
    rng = seeded(seed, "limits")
    home = Home("workers = 2\n")
    os.makedirs(home.data)
    mount = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m,mode=0700", "folio-full", home.data], capture_output=True, text=True)
    if mount.returncode != 0:
        home.close()
        yield f"skipped: this machine refuses a tmpfs mount ({mount.stderr.strip()})"
        return
    try:
        tree = Tree(home, rng)
        tree.populate(150 if not full else 600, size=(2000, 4000))
        home.start()
        wait_until("status says the disk is full", lambda: home.status()["daemon"]["state"] == "disk_full", 120)
        report = home.status()["daemon"]
        if "full" not in (report.get("warning") or ""):
            raise Failure(f"no warning about the full disk: {report}")
        if home.run("folioq", "w1").returncode not in (0, 1):
            raise Failure("folioq failed while the disk was full")
        tree.churn(30)
        subprocess.run(["mount", "-o", "remount,size=256m", home.data], check=True)
        freed = time.monotonic()
        count = converged(home, 600)
        yield f"data folder on a 2 MiB tmpfs: status disk_full with \"{report['warning'][:60]}…\"; folioq answered"
        yield f"30 changes while full; tmpfs grown to 256 MiB: settled {time.monotonic() - freed:.1f} s later, " \
              f"index = disk ({count} files), integrity_check ok"
    finally:
        home.stop()
        subprocess.run(["umount", "--lazy", home.data])
        home.close()




def watch_limit(seed, full):
    """More folders than inotify watches: foliod runs in a user namespace of its own, whose
    `max_inotify_watches` is 16 (the machine's limit is untouched). The folders without a
    watch must be kept fresh by the rescan, and status must say so."""
    folders = 200 if full else 40
    rng = seeded(seed, "watches")
    home = Home("workers = 2\nrescan_interval_seconds = 10\n")
    try:
        for index in range(folders):
            os.makedirs(os.path.join(home.documents, f"f{index}"))
            with open(os.path.join(home.documents, f"f{index}", "early.txt"), "w") as f:
                f.write(words(rng, 20))
        namespace = ["unshare", "-U", "-r", "/bin/sh", "-c", 'echo 16 > /proc/sys/user/max_inotify_watches && exec "$0"']
        if subprocess.run(namespace + ["/bin/true"], capture_output=True).returncode != 0:
            yield "skipped: this machine refuses a user namespace with a watch limit of its own"
            return
        home.start(wrapper=namespace)
        converged(home)
        report = home.status()["daemon"]
        if not report.get("unwatched_directories") or "max_user_watches" not in (report.get("warning") or ""):
            raise Failure(f"status does not say folders are unwatched: {report}")
        for index in range(folders):
            with open(os.path.join(home.documents, f"f{index}", "late.txt"), "w") as f:
                f.write(words(rng, 20))
        written = time.monotonic()
        # foliod is idle meanwhile: only the rescan (every 10 s) finds the unwatched ones.
        wait_until("the rescan found every new file", lambda: home.database_rows(
            "SELECT count(*) FROM document WHERE path LIKE '%/late.txt'") == [(folders,)], 120, interval=0.5)
        found = time.monotonic() - written
        count = converged(home)
        yield f"{folders} folders, 16 inotify watches: {report['unwatched_directories']} unwatched, and status says how to " \
              f"raise the limit; a new file in every folder, all found {found:.1f} s later; index = disk ({count} files)"
    finally:
        home.close()
