"""The built binaries in a private home, and the checks every part of the suite shares:
start and stop `foliod`, wait until it has settled, and compare the index with the disk.
"""
import json, os, pwd, random, shutil, signal, sqlite3, subprocess, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.abspath(os.environ.get("FOLIO_BIN", os.path.join(ROOT, ".build", "debug")))
# The kinds the content check compares word for word; the suite writes only these as text.
TEXT_KINDS = (".txt", ".md")


class Failure(Exception):
    """A broken promise: the suite reports it and goes on to the next part."""


class Home:
    """A private $HOME with ~/Documents, Folio's data and config folders, and a runtime
    folder, removed at the end. With `user`, the binaries run as that user (setpriv), which
    is how the suite gets unreadable files and a second user while running as root."""

    def __init__(self, config="", user=None):
        self.path = tempfile.mkdtemp(prefix="folio-reliability-")
        self.documents = os.path.join(self.path, "Documents")
        self.outside = os.path.join(self.path, "outside")
        self.data = os.path.join(self.path, "data", "folio")
        for folder in (self.documents, self.outside, os.path.join(self.path, "config", "folio"), os.path.join(self.path, "run")):
            os.makedirs(folder)
        os.chmod(os.path.join(self.path, "run"), 0o700)
        self.user = user
        self.write_config(config)
        self.env = {"HOME": self.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "OMP_THREAD_LIMIT": "1",
                    "XDG_DATA_HOME": os.path.join(self.path, "data"), "XDG_CONFIG_HOME": os.path.join(self.path, "config"),
                    "XDG_RUNTIME_DIR": os.path.join(self.path, "run"), "SWIFT_BACKTRACE": "enable=no"}
        self.daemon = None

    @property
    def database(self):
        return os.path.join(self.data, "folio.sqlite")

    def write_config(self, text):
        with open(os.path.join(self.path, "config", "folio", "config.toml"), "w") as f:
            f.write("debounce_ms = 50\nmax_delay_ms = 2000\n" + text)

    def give_to_user(self):
        """Hands the whole home to `user` (after the suite has written its files as root)."""
        if self.user:
            subprocess.run(["chown", "-R", "--no-dereference", f"{self.user}:", self.path], check=True)

    def command(self, program, *arguments):
        executable = program if program.startswith("/") else os.path.join(BIN, program)
        prefix = []
        if self.user:
            account = pwd.getpwnam(self.user)
            prefix = ["setpriv", f"--reuid={account.pw_uid}", f"--regid={account.pw_gid}", "--clear-groups"]
        return prefix + [executable, *arguments]

    def run(self, program, *arguments, timeout=60, check=False):
        result = subprocess.run(self.command(program, *arguments), env=self.env, cwd=self.path, capture_output=True,
                                timeout=timeout)
        if check and result.returncode != 0:
            raise Failure(f"{program} {' '.join(arguments)} exited {result.returncode}: {result.stderr.decode(errors='replace')}")
        return result

    def status(self):
        result = self.run("folioctl", "status", "--json", timeout=30)
        try:
            return json.loads(result.stdout)
        except json.JSONDecodeError:
            raise Failure(f"folioctl status --json printed no JSON: {result.stdout!r} {result.stderr!r}")

    def start(self, wrapper=()):
        """Starts foliod (in a process group of its own, with its workers) and waits until
        it answers."""
        self.daemon = subprocess.Popen(list(wrapper) + self.command("foliod"), env=self.env, cwd=self.path,
                                       stdout=subprocess.DEVNULL, stderr=open(os.path.join(self.path, "foliod.log"), "ab"),
                                       start_new_session=True)
        wait_until("foliod answers", lambda: self.daemon.poll() is None and self.status().get("running"), 30)
        return self.daemon

    def kill(self, whole_group):
        """SIGKILL to foliod alone (its workers finish their file and go), or to foliod and
        its workers at once, as when the machine loses power or systemd kills the unit."""
        if whole_group:
            os.killpg(self.daemon.pid, signal.SIGKILL)
        else:
            self.daemon.kill()
        self.daemon.wait()
        wait_until("the workers have gone", lambda: not group_alive(self.daemon.pid), 30)

    def stop(self):
        if self.daemon and self.daemon.poll() is None:
            self.daemon.send_signal(signal.SIGTERM)
            try:
                self.daemon.wait(10)
            except subprocess.TimeoutExpired:
                group = subprocess.run(["ps", "-o", "pid,stat,etime,args", "-g", str(self.daemon.pid)], capture_output=True,
                                       text=True).stdout
                os.killpg(self.daemon.pid, signal.SIGKILL)
                self.daemon.wait()
                raise Failure(f"foliod did not exit within 10 s of SIGTERM; its processes:\n{group}log: {self.log_tail()}")

    def settle(self, timeout=300):
        """Waits until foliod is idle with nothing queued or debouncing, twice in a row."""
        calm = [0]

        def idle():
            if self.daemon.poll() is not None:
                raise Failure(f"foliod died (exit {self.daemon.returncode}); log: {self.log_tail()}")
            report = self.status().get("daemon", {})
            quiet = report.get("state") == "idle" and report.get("queued") == 0 and report.get("debouncing") == 0
            calm[0] = calm[0] + 1 if quiet else 0
            return calm[0] >= 2
        wait_until("foliod has settled", idle, timeout, interval=0.3)

    def log_tail(self):
        try:
            with open(os.path.join(self.path, "foliod.log"), errors="replace") as f:
                return f.read()[-2000:]
        except OSError:
            return ""

    def close(self):
        try:
            self.stop()
            self.stop_embedders()
        finally:
            shutil.rmtree(self.path, ignore_errors=True)

    def stop_embedders(self):
        """Ends the embedders a search started in this home (they would otherwise outlive
        the part by their idle minutes)."""
        for entry in os.listdir("/proc"):
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as f:
                    arguments = f.read().split(b"\0")
            except (OSError, ValueError):
                continue
            if b"--embedder" in arguments and any(argument.startswith(self.path.encode()) for argument in arguments):
                try:
                    os.kill(int(entry), signal.SIGTERM)
                except (ProcessLookupError, ValueError):
                    pass

    def database_rows(self, sql, arguments=()):
        connection = sqlite3.connect(f"file:{self.database}?mode=ro", uri=True, timeout=30)
        try:
            return connection.execute(sql, arguments).fetchall()
        finally:
            connection.close()


def group_alive(group):
    try:
        os.killpg(group, 0)
        return True
    except ProcessLookupError:
        return False


def wait_until(what, condition, timeout, interval=0.1):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(interval)
    raise Failure(f"timed out after {timeout} s waiting until {what}")


def integrity(home):
    rows = home.database_rows("PRAGMA integrity_check")
    if rows != [("ok",)]:
        raise Failure(f"PRAGMA integrity_check: {rows[:5]}")


def converged(home, timeout=300):
    """Waits until foliod has settled, then requires a sound database holding exactly what
    is on disk; returns the number of files."""
    home.settle(timeout)
    integrity(home)
    return index_equals_disk(home)


def files_on_disk(root):
    """The files Folio should hold: regular .txt and .md files below `root`, symbolic links
    not followed, hidden folders skipped (the defaults)."""
    found = []
    for folder, directories, files in os.walk(root):
        directories[:] = [d for d in directories if not d.startswith(".")]
        for name in files:
            path = os.path.join(folder, name)
            if name.endswith(TEXT_KINDS) and not os.path.islink(path) and os.path.isfile(path):
                found.append(path)
    return sorted(found)


def index_equals_disk(home):
    """The index holds exactly the text files on disk, each indexed with exactly the words
    it has now (chunks overlap, so words are compared as sets; an empty file has its name).
    Raises with what differs."""
    documents = dict(home.database_rows("SELECT path, status FROM document"))
    on_disk = files_on_disk(home.documents)
    missing = [p for p in on_disk if p not in documents]
    stale = [p for p in documents if p not in set(on_disk)]
    if missing or stale:
        raise Failure(f"paths differ: {len(missing)} missing {missing[:3]}, {len(stale)} stale {stale[:3]}")
    chunks = {}
    for path, text in home.database_rows(
            "SELECT document.path, chunk.text FROM chunk JOIN document ON document.id = chunk.document_id ORDER BY chunk.ordinal"):
        chunks.setdefault(path, []).append(text)
    for path in on_disk:
        with open(path, "rb") as f:
            words = set(f.read().decode("utf-8", errors="replace").split())
        # A file without words is found by its name: its one chunk is the name.
        words = words or {os.path.basename(path)}
        indexed = set(" ".join(chunks.get(path, [])).split())
        if documents[path] != "indexed" or words != indexed:
            raise Failure(f"{path}: {documents[path]}, words differ: on disk only {sorted(words - indexed)[:3]}, "
                          f"indexed only {sorted(indexed - words)[:3]}")
    return len(on_disk)


def words(rng, count):
    return " ".join(f"w{rng.randrange(1_000_000)}" for _ in range(count))


def seeded(seed, part):
    return random.Random(f"{seed}-{part}")
