"""The privacy part: what Folio writes is private whatever the umask, the control socket
answers only its owner, nothing opens a network connection, the D-Bus service is on the
session bus only, secrets stay out by default, and `folioctl forget --vacuum` leaves no
trace of a file in the database files."""
import os, re, shutil, signal, socket, stat, subprocess

from folio import BIN, ROOT, Failure, Home, wait_until

PDF_FIXTURES = os.path.join(ROOT, "Tests", "FolioLoadersTests", "Fixtures", "pdf")


def privacy(seed, full):
    yield from private_files()
    if os.geteuid() == 0:
        yield from socket_refuses_other_users()
    yield from no_network()
    yield from default_excludes()
    yield from forget_leaves_no_trace()


def mode(path):
    return stat.S_IMODE(os.lstat(path).st_mode)


def private_files():
    home = Home()
    try:
        with open(os.path.join(home.documents, "note.txt"), "w") as f:
            f.write("umaskword")
        subprocess.run(home.command("folioctl", "index", home.documents), env=home.env, cwd=home.path, umask=0,
                       capture_output=True, check=True, timeout=120)
        daemon = subprocess.Popen(home.command("foliod"), env=home.env, cwd=home.path, umask=0,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        home.daemon = daemon
        wait_until("foliod answers", lambda: home.status().get("running"), 30)
        checked = {home.data: 0o700, os.path.join(home.path, "run", "folio"): 0o700,
                   os.path.join(home.path, "run", "folio", "control.sock"): 0o600}
        # The database's files, and a folder beside them (the lists of a walk in progress)
        # with its files.
        for name in os.listdir(home.data):
            path = os.path.join(home.data, name)
            checked[path] = 0o700 if os.path.isdir(path) else 0o600
            if os.path.isdir(path):
                checked.update({os.path.join(path, inner): 0o600 for inner in os.listdir(path)})
        wrong = {path: oct(mode(path)) for path, wanted in checked.items() if mode(path) != wanted}
        if wrong:
            raise Failure(f"not private under umask 000: {wrong}")
        yield f"umask 000: {len(checked)} paths checked (data and runtime folders, and any folder beside the database, " \
              "0700; the database's files and the socket 0600)"
    finally:
        home.close()


def socket_refuses_other_users():
    home = Home(user="nobody")
    try:
        home.give_to_user()
        home.start()
        path = os.path.join(home.path, "run", "folio", "control.sock")
        client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        client.settimeout(5)
        # Root passes the file permissions; the daemon's SO_PEERCRED check must still refuse.
        client.connect(path)
        try:
            client.sendall(b"status\n")
            answer = client.recv(4096)
        except (BrokenPipeError, ConnectionResetError, socket.timeout):
            answer = b""
        client.close()
        if answer:
            raise Failure(f"the control socket answered another user: {answer[:80]!r}")
        if not home.status().get("running"):
            raise Failure("the owner could not talk to foliod after another user tried")
        yield "control socket: root (uid 0) connected past the file permissions and got no answer; " \
              "the owner (nobody) was answered"
    finally:
        home.close()


def no_network():
    """Every program, traced (`strace -f`) for the sockets it opens: only AF_UNIX (the
    control socket, D-Bus) and AF_NETLINK may appear."""
    home = Home()
    trace = os.path.join(home.path, "trace")
    try:
        for name in ("digital.pdf", "scanned.pdf", "mixed.pdf"):
            shutil.copy(os.path.join(PDF_FIXTURES, name), home.documents)
        with open(os.path.join(home.documents, "remote.html"), "w") as f:
            f.write('<html><head><link rel="stylesheet" href="http://192.0.2.1/x.css"><script src="https://192.0.2.1/x.js">'
                    '</script></head><body><img src="http://192.0.2.1/a.png"><iframe src="http://192.0.2.1/"></iframe>'
                    '<p>remoteword <a href="http://192.0.2.1/">link</a></p><!DOCTYPE x SYSTEM "http://192.0.2.1/x.dtd"></body>')
        with open(os.path.join(home.documents, "remote.md"), "w") as f:
            f.write("![image](http://192.0.2.1/a.png) markdownword [link](https://192.0.2.1/)\n")
        strace = ["/usr/bin/strace", "-f", "-qq", "-e", "trace=socket,connect,sendto,sendmsg", "-o"]
        programs = 0
        home.run(*strace, f"{trace}.{programs}", os.path.join(BIN, "folioctl"), "index", home.documents, check=True, timeout=300)
        programs += 1

        def traced_embedder():
            """The embedder the searches ask (a search with none would start one, and strace
            would wait for it to end), traced too; without the model installed it ends at
            once, and the searches go by words."""
            nonlocal programs
            process = subprocess.Popen(strace + [f"{trace}.{programs}", os.path.join(BIN, "foliod-worker"), "--embedder"], env=home.env,
                                       cwd=home.path, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            programs += 1
            wait_until("the embedder answers", lambda: process.poll() is not None
                       or (home.status().get("semantic") or {}).get("embedder") is not None, 60)
            return process

        def end(process):
            answering = (home.status().get("semantic") or {}).get("embedder")
            if answering:
                os.kill(answering["pid"], signal.SIGTERM)
            process.wait(30)

        embedder = traced_embedder()
        for arguments in (["folioq", "remoteword"], ["folioq", "--json", "markdownword"],
                          ["folioctl", "status"], ["folioctl", "extract", os.path.join(home.documents, "scanned.pdf")]):
            home.run(*strace, f"{trace}.{programs}", os.path.join(BIN, arguments[0]), *arguments[1:], check=True, timeout=300)
            programs += 1
        end(embedder)
        home.start(wrapper=strace + [f"{trace}.{programs}"])
        with open(os.path.join(home.documents, "later.txt"), "w") as f:
            f.write("laterword")
        wait_until("foliod indexed a new file", lambda: home.run("folioq", "laterword").returncode == 0, 60)
        # To foliod itself: strace ends when its tracees have.
        os.kill(home.status()["daemon"]["pid"], signal.SIGTERM)
        home.daemon.wait(30)
        programs += 1
        embedder = traced_embedder()
        # Two private buses: one as the session bus, one as the system bus.
        buses = [subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"], stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True) for _ in range(2)]
        try:
            address, system = (bus.stdout.readline().strip() for bus in buses)
            provider = subprocess.Popen(strace + [f"{trace}.{programs}", os.path.join(BIN, "folio-search-provider")],
                                        env=home.env | {"DBUS_SESSION_BUS_ADDRESS": address, "DBUS_SYSTEM_BUS_ADDRESS": system},
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            programs += 1
            gdbus = ["gdbus", "call", "--address", address, "--dest", "org.folio.Search"]
            wait_until("the provider owns its name", lambda: subprocess.run(
                gdbus + ["--object-path", "/org/folio/Search", "--method", "org.freedesktop.DBus.Peer.Ping"],
                capture_output=True).returncode == 0, 30)
            subprocess.run(gdbus + ["--object-path", "/org/folio/Search", "--method",
                                    "org.gnome.Shell.SearchProvider2.GetInitialResultSet", "['remoteword']"], check=True, capture_output=True)
            subprocess.run(gdbus + ["--object-path", "/org/folio/Search/KRunner", "--method", "org.kde.krunner1.Match", "remoteword"],
                           check=True, capture_output=True)
            on_system = subprocess.run(["gdbus", "call", "--address", system, "--dest", "org.freedesktop.DBus", "--object-path",
                                        "/org/freedesktop/DBus", "--method", "org.freedesktop.DBus.ListNames"],
                                       capture_output=True, text=True, check=True).stdout
            if "org.folio" in on_system:
                raise Failure(f"the provider took a name on the system bus: {on_system}")
        finally:
            for bus in buses:
                bus.terminate()
                bus.wait()
        # The provider ends when its bus closes (and strace with it).
        provider.wait(30)
        end(embedder)
        network = []
        families = set()
        for index in range(programs):
            with open(f"{trace}.{index}") as f:
                for line in f:
                    families.update(re.findall(r"\b(AF_[A-Z0-9]+)", line))
                    if re.search(r"AF_INET6?|AF_PACKET|sin_port|sin6_port", line):
                        network.append(line.strip())
        if network:
            raise Failure(f"network use: {network[:3]}")
        if "AF_UNIX" not in families:
            raise Failure("strace saw no socket at all: the trace did not work")
        yield f"no network: {programs} programs traced with strace -f (indexing PDFs with OCR, HTML and Markdown with " \
              f"remote links, queries, status, the daemon, the launcher provider): socket families {sorted(families)}"
        yield "D-Bus: with a private session bus and a private system bus, the provider served org.folio.Search on the " \
              "session bus (GetInitialResultSet, Match answered) and took no name on the system bus"
    finally:
        home.close()


def default_excludes():
    home = Home('folders = ["~"]\ninclude_hidden = true\n')
    try:
        secrets = [".ssh/notes.txt", ".gnupg/notes.txt", ".password-store/notes.txt", ".local/share/keyrings/notes.txt",
                   "Documents/id_rsa.txt", "Documents/project/.git/notes.txt", "Documents/node_modules/notes.txt"]
        for relative in secrets + ["Documents/kept.txt", ".notes/kept.txt"]:
            os.makedirs(os.path.dirname(os.path.join(home.path, relative)), exist_ok=True)
            with open(os.path.join(home.path, relative), "w") as f:
                f.write("secretword" if "kept" not in relative else "keptword")
        home.start()
        home.settle()
        indexed = {path for (path,) in home.database_rows("SELECT path FROM document")}
        leaked = [relative for relative in secrets if os.path.join(home.path, relative) in indexed]
        if leaked:
            raise Failure(f"excluded by default but indexed: {leaked}")
        # By words the secret is not found at all; by meaning (the default) only the kept
        # files may come up, as near to it.
        near = home.run("folioq", "--format", "paths", "secretword").stdout.decode(errors="replace").split("\n")
        if home.run("folioq", "--mode", "lexical", "secretword").returncode != 1 \
                or any(os.path.join(home.path, relative) in near for relative in secrets) \
                or home.run("folioq", "keptword").returncode != 0:
            raise Failure("secretword found, or keptword not found")
        yield f"default excludes: the whole home watched with hidden folders on; {len(secrets)} secret files " \
              "(.ssh, .gnupg, .password-store, keyrings, id_rsa*, .git, node_modules) stayed out, the others went in"
    finally:
        home.close()


def forget_leaves_no_trace():
    home = Home()
    try:
        scanned = os.path.join(home.documents, "scanned.pdf")
        shutil.copy(os.path.join(PDF_FIXTURES, "scanned.pdf"), scanned)
        note = os.path.join(home.documents, "forgettable.txt")
        with open(note, "w") as f:
            f.write("forgetmeword " * 50)
        with open(os.path.join(home.documents, "kept.txt"), "w") as f:
            f.write("keptword")
        home.run("folioctl", "index", home.documents, check=True, timeout=300)
        ocr_words = {word for (text,) in home.database_rows("SELECT text FROM ocr_cache") for word in text.split() if len(word) > 6}
        if not ocr_words:
            raise Failure("the scanned fixture left nothing in the OCR cache")
        home.run("folioctl", "forget", "--vacuum", scanned, note, check=True)
        traces = [b"forgetmeword", b"forgettable.txt", b"scanned.pdf"] + [word.encode() for word in sorted(ocr_words)[:5]]
        for name in os.listdir(home.data):
            with open(os.path.join(home.data, name), "rb") as f:
                content = f.read()
            found = [trace for trace in traces if trace in content]
            if found:
                raise Failure(f"after forget --vacuum, {name} still holds {found}")
        if home.run("folioq", "keptword").returncode != 0:
            raise Failure("forget took the kept file too")
        yield f"forget --vacuum: a text file and a scanned PDF (OCR cached) forgotten; none of {len(traces)} traces " \
              "(words, OCR text, file names) left in the database, its WAL or its shared memory file"
    finally:
        home.close()
