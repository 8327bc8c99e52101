"""The damage part of the reliability suite: the index file damaged as a disk fault, a bad
copy or a stray file would do it, while foliod is stopped and while it runs. foliod must
answer within 5 s, every file must be searchable by words again within the time a first
index takes, no SQLite message may reach a user, and what still reads of the recognised
text and vectors must be kept: after damage to the full-text pages alone, no page is
recognised and no window embedded again."""
import os, shutil, signal, sqlite3, subprocess, time

from folio import Failure, Home, files_on_disk, integrity, seeded, wait_until
from tree import Tree

SCANNED = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                       "Tests", "FolioLoadersTests", "Fixtures", "pdf", "scanned.pdf")
PAGE = 16384
# What a user must never be shown: SQLite's own words.
RAW = ("SQLite", "sqlite3", "malformed", "disk image", "not a database")


def pages(database, table, kind=None):
    """The pages of `table` (of one `kind`: 'leaf', 'internal', 'overflow'), by dbstat."""
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        return [row[0] for row in connection.execute("SELECT pageno FROM dbstat WHERE name = ? AND pagetype = coalesce(?, pagetype)",
                                                      (table, kind))]
    finally:
        connection.close()


def overwrite(database, numbers):
    with open(database, "r+b") as f:
        for number in numbers:
            f.seek((number - 1) * PAGE)
            f.write(b"\xa5" * PAGE)


def header(database):
    with open(database, "r+b") as f:
        f.write(b"\x5a" * 100)


def truncated(database):
    os.truncate(database, os.path.getsize(database) // 2)


def zero_length(database):
    os.truncate(database, 0)


def not_sqlite(database):
    with open(database, "wb") as f:
        f.write(b"This is not a database, it is a note someone saved over it.\n" * 2000)


def foreign_wal(database):
    """A WAL left beside the index from another database (a backup restored without its
    own WAL)."""
    other = database + ".other"
    connection = sqlite3.connect(other)
    connection.execute("PRAGMA page_size = 16384")
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("PRAGMA wal_autocheckpoint = 0")
    connection.execute("CREATE TABLE t (x)")
    connection.executemany("INSERT INTO t VALUES (?)", [(os.urandom(2000),) for _ in range(50)])
    connection.commit()
    shutil.copyfile(other + "-wal", database + "-wal")
    connection.close()
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(other + suffix):
            os.remove(other + suffix)


# Each fault, and whether it is also made while foliod runs (a WAL in use cannot be
# swapped for another under a running SQLite).
FAULTS = [
    ("a damaged header", header, True),
    ("damaged full-text pages", lambda db: overwrite(db, pages(db, "chunk_fts_data")), True),
    ("damaged vector pages (every other leaf)", lambda db: overwrite(db, pages(db, "vector", "leaf")[::2]), True),
    ("a truncated file", truncated, True),
    ("a zero-length file", zero_length, True),
    ("a file that is not SQLite", not_sqlite, True),
    ("a WAL of another database beside it", foreign_wal, False),
]


def checkpoint(database):
    """Writes the WAL's pages into the file, so that a fault in the file is what a reader
    sees (with a newer copy of a page in the WAL, a fault in the file stays hidden)."""
    connection = sqlite3.connect(database, timeout=30)
    try:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
    finally:
        connection.close()


def counts(database):
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=30)
    try:
        ocr = connection.execute("SELECT content_hash, page, created_at FROM ocr_cache ORDER BY 1, 2").fetchall()
        vectors = connection.execute("SELECT count(*) FROM vector").fetchone()[0]
        return ocr, vectors
    finally:
        connection.close()


class Shown:
    """Every line a user saw from folioq and folioctl status, to look for SQLite's words."""

    def __init__(self, home):
        self.home, self.lines = home, []

    def query(self, *arguments):
        result = self.home.run("folioq", *arguments)
        self.lines.append(result.stdout.decode(errors="replace") + result.stderr.decode(errors="replace"))
        if result.returncode not in (0, 1):
            raise Failure(f"folioq {' '.join(arguments)} exited {result.returncode}: {result.stderr.decode(errors='replace')}")
        return result

    def status(self):
        text = self.home.run("folioctl", "status").stdout.decode(errors="replace")
        self.lines.append(text)
        return text

    def check(self):
        raw = [line for line in self.lines if any(word in line for word in RAW)]
        if raw:
            raise Failure(f"SQLite's words shown to a user: {raw[0][:300]!r}")


def answering(home):
    """foliod runs and answers, and no damage is noted that it has not dealt with."""
    if home.daemon.poll() is not None:
        raise Failure(f"foliod ended (exit {home.daemon.returncode}); log: {home.log_tail()}")
    status = home.status()
    return status.get("running") and not status.get("damage")


def searchable(home, expected):
    """Every text file on disk indexed with its words, and the scanned PDF; the database
    sound."""
    try:
        documents = dict(home.database_rows("SELECT path, status FROM document"))
    except sqlite3.Error:
        return False  # the damaged file, or none yet while foliod rebuilds
    missing = [path for path in expected if documents.get(path) != "indexed"]
    if missing:
        return False
    try:
        integrity(home)
    except (Failure, sqlite3.Error):
        return False  # damage foliod has not met yet
    return True


def damage(seed, full):
    rng = seeded(seed, "damage")
    home = Home("workers = 2\n")
    try:
        tree = Tree(home, rng)
        tree.populate(60 if not full else 600)
        shutil.copyfile(SCANNED, os.path.join(home.documents, "scanned.pdf"))
        expected = files_on_disk(home.documents) + [os.path.join(home.documents, "scanned.pdf")]
        started = time.monotonic()
        home.start()
        wait_until("the first index is made", lambda: searchable(home, expected), 300, interval=0.3)
        first_index = time.monotonic() - started
        wait_until("every window has a vector", lambda: "semantic: complete" in home.run("folioctl", "status").stdout.decode(), 300, 0.3)
        home.stop()
        checkpoint(home.database)
        ocr, vectors = counts(home.database)
        if not ocr or not vectors:
            raise Failure(f"the first index has {len(ocr)} recognised pages and {vectors} vectors: nothing to salvage")
        template = home.database + ".template"
        shutil.copyfile(home.database, template)
        yield f"{len(expected)} files ({len(ocr)} recognised page, {vectors} vectors) indexed in {first_index:.1f} s: the time a rebuild may take"
        for name, fault, also_running in FAULTS:
            for running in (False, True) if also_running else (False,):
                yield trial(home, template, expected, name, fault, running, first_index, ocr, vectors)
        yield killed_during_rebuild(home, template, expected, first_index, vectors)
        yield checked_after_unclean_stop(home, template, expected, first_index)
        yield full_during_rebuild(home, template, expected, first_index, vectors)
    finally:
        home.close()


def restore(home, template):
    for suffix in ("", "-wal", "-shm", ".damage", ".rebuilt"):
        if os.path.exists(home.database + suffix):
            os.remove(home.database + suffix)
    for kept in [name for name in os.listdir(home.data) if ".damaged-" in name]:
        os.remove(os.path.join(home.data, kept))
    shutil.copyfile(template, home.database)


def trial(home, template, expected, name, fault, running, first_index, ocr, vectors):
    restore(home, template)
    shown = Shown(home)
    if running:
        home.start()
        checkpoint(home.database)
        fault(home.database)
        began = time.monotonic()
        shown.query("w1")  # the search that meets the damage
    else:
        fault(home.database)
        shown.query("w1")
        shown.status()
        began = time.monotonic()
        home.start()
    wait_until("foliod answers, the damage dealt with", lambda: answering(home), 5, 0.05)
    answered = time.monotonic() - began
    wait_until("every file is searchable by words again", lambda: searchable(home, expected), max(30, 2 * first_index), 0.3)
    back = time.monotonic() - began
    shown.query("w1")
    status = home.status()
    shown.status()
    shown.check()
    rebuild = status.get("rebuild") or {}
    kept = f"{rebuild.get('ocr_pages', 0)} recognised page(s), {rebuild.get('vectors', 0)} vectors kept" if rebuild else "no rebuild needed"
    line = f"{name}, foliod {'running' if running else 'stopped'}: answering in {answered:.1f} s, every file back in {back:.1f} s; {kept}"
    if name == "damaged full-text pages":
        wait_until("every window has a vector", lambda: "semantic: complete" in shown.status(), 120, 0.3)
        after_ocr, after_vectors = counts(home.database)
        if rebuild.get("ocr_pages") != len(ocr) or rebuild.get("vectors") != vectors:
            raise Failure(f"{name}: kept {rebuild}, the index had {len(ocr)} recognised pages and {vectors} vectors")
        if after_ocr != ocr or after_vectors != vectors:
            raise Failure(f"{name}: recognised or embedded again: OCR {ocr} → {after_ocr}, vectors {vectors} → {after_vectors}")
        line += "; no page recognised, no window embedded again"
    home.stop()
    return line


def killed_during_rebuild(home, template, expected, first_index, vectors):
    """kill -9 while foliod rebuilds: the next start rebuilds from the copy kept, and keeps
    as much."""
    restore(home, template)
    overwrite(home.database, pages(home.database, "chunk_fts_data"))
    with open(home.database + ".damage", "w") as note:
        note.write("found by the suite\n")
    daemon = subprocess.Popen(home.command("foliod"), env=home.env, cwd=home.path, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, start_new_session=True)
    wait_until("the rebuild has begun", lambda: any(".damaged-" in name for name in os.listdir(home.data)), 10, 0.001)
    os.killpg(daemon.pid, signal.SIGKILL)
    daemon.wait()
    began = time.monotonic()
    home.start()
    wait_until("every file is searchable by words again", lambda: searchable(home, expected), max(30, 2 * first_index), 0.3)
    back = time.monotonic() - began
    rebuild = home.status().get("rebuild") or {}
    if rebuild.get("vectors") != vectors:
        raise Failure(f"killed during the rebuild: {rebuild.get('vectors')} vectors kept of {vectors}")
    home.stop()
    return f"kill -9 during a rebuild: the next start rebuilt from the kept copy, every file back in {back:.1f} s, {vectors} vectors kept"


def log(home):
    with open(os.path.join(home.path, "foliod.log"), errors="replace") as f:
        return f.read()


def checked_after_unclean_stop(home, template, expected, first_index):
    """foliod killed, then its vector pages damaged: no search meets the damage, but the
    check at the next start (after an unclean stop) must find it, and foliod rebuild."""
    restore(home, template)
    home.start()
    home.kill(whole_group=True)
    checkpoint(home.database)
    overwrite(home.database, pages(home.database, "vector", "leaf")[::2])
    began = time.monotonic()
    home.start()
    wait_until("the check finds the damage and foliod rebuilds", lambda: (home.status().get("rebuild") or {}).get("reason", "").startswith("quick check"),
               30, 0.1)
    found = time.monotonic() - began
    wait_until("every file is searchable by words again", lambda: searchable(home, expected), max(30, 2 * first_index), 0.3)
    back = time.monotonic() - began
    home.stop()
    checks = log(home).count("did not stop cleanly")
    if checks == 0:
        raise Failure("foliod's log does not say it checked the index after the kill")
    home.start()
    home.stop()
    if log(home).count("did not stop cleanly") != checks:
        raise Failure("foliod checked the index after a clean stop")
    return f"vector pages damaged after kill -9: found by the check at the next start, rebuilt {found:.1f} s after it, every file back in {back:.1f} s; no check after a clean stop"


def full_during_rebuild(home, template, expected, first_index, vectors):
    """The index damaged on a disk with no space left: foliod must stay up, say so, and
    rebuild by itself (keeping every vector) once space is freed."""
    if os.geteuid() != 0:
        return "full disk during a rebuild: skipped: mounting a small tmpfs for the data folder needs root"
    restore(home, template)
    size = os.path.getsize(template)
    # The data folder's files are hidden under the mount: the template is kept outside it.
    outside = os.path.join(home.path, "template.sqlite")
    shutil.copyfile(template, outside)
    mount = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size + (1 << 20)},mode=0700", "folio-full", home.data],
                           capture_output=True, text=True)
    if mount.returncode != 0:
        return f"full disk during a rebuild: skipped: this machine refuses a tmpfs mount ({mount.stderr.strip()})"
    try:
        shutil.copyfile(outside, home.database)
        overwrite(home.database, pages(home.database, "chunk_fts_data"))
        with open(home.database + ".damage", "w") as note:
            note.write("found by the suite\n")  # as the search that met the damage notes it
        filler = os.open(os.path.join(home.data, "filler"), os.O_WRONLY | os.O_CREAT, 0o600)
        try:
            while True:
                os.write(filler, b"\0" * 4096)
        except OSError:
            pass
        finally:
            os.close(filler)
        shown = Shown(home)
        began = time.monotonic()
        home.start()
        try:
            wait_until("foliod says the disk is too full to rebuild", lambda: (home.status().get("daemon") or {}).get("state") == "disk_full", 5, 0.05)
        except Failure as failure:
            raise Failure(f"{failure}; status: {home.status()}; log: {home.log_tail()}")
        answered = time.monotonic() - began
        warning = home.status()["daemon"].get("warning") or ""
        if "damaged" not in warning or "free some space" not in warning:
            raise Failure(f"status does not say the rebuild waits for space: {warning!r}")
        if shown.query("w1").returncode != 1:
            raise Failure("folioq answered from an index that is waiting to be rebuilt")
        shown.status()
        time.sleep(2)
        if home.daemon.poll() is not None:
            raise Failure(f"foliod ended on the full disk (exit {home.daemon.returncode}); log: {home.log_tail()}")
        os.remove(os.path.join(home.data, "filler"))
        subprocess.run(["mount", "-o", "remount,size=256m", home.data], check=True)
        freed = time.monotonic()
        wait_until("every file is searchable by words again", lambda: searchable(home, expected), max(30, 2 * first_index), 0.3)
        back = time.monotonic() - freed
        shown.query("w1")
        shown.status()
        shown.check()
        rebuild = home.status().get("rebuild") or {}
        if rebuild.get("vectors") != vectors:
            raise Failure(f"full disk during the rebuild: {rebuild.get('vectors')} vectors kept of {vectors}")
        home.stop()
        return (f"full disk during a rebuild: foliod said so in {answered:.1f} s (\"{warning[:50]}…\") and stayed up; "
                f"every file back {back:.1f} s after space was freed, {vectors} vectors kept")
    finally:
        home.stop()
        subprocess.run(["umount", "--lazy", home.data])
