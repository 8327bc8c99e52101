"""The bad-input part: a generated corpus of hostile files, each of which must end indexed,
skipped by rule, or failed with a reason that `folioctl errors` shows, while foliod lives
on and goes on indexing."""
import base64, os, shutil, stat, time

from folio import ROOT, Failure, Home, seeded, wait_until

PDF_FIXTURES = os.path.join(ROOT, "Tests", "FolioLoadersTests", "Fixtures", "pdf")
OFFICE_FIXTURES = os.path.join(ROOT, "Tests", "FolioLoadersTests", "Fixtures", "office")
MAIL_FIXTURES = os.path.join(ROOT, "Tests", "FolioLoadersTests", "Fixtures", "mail")
# What a case may end as: indexed (partly, with a reason, where indexed is allowed), failed
# with a reason, or skipped (no row: not a regular file, or in a folder it may not read).
INDEXED, FAILED, SKIPPED = "indexed", "failed", "skipped"


class HostileCorpus:
    def __init__(self, home, rng, full):
        self.home, self.rng, self.full = home, rng, full
        # path (bytes) → the outcomes allowed, and a word the file holds if it is indexed
        self.cases = {}
        self.locked = []

    def path(self, relative):
        return os.path.join(os.fsencode(self.home.documents), relative if isinstance(relative, bytes) else os.fsencode(relative))

    def add(self, relative, content, allowed, word=None):
        path = self.path(relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(content)
        self.cases[path] = (allowed, word)
        return path

    def write(self):
        rng = self.rng
        either = {INDEXED, FAILED}
        self.add("empty.txt", b"", either)
        for extension in ("txt", "md", "html", "pdf"):
            self.add(f"random-bytes.{extension}", rng.randbytes(65_536), either)
        self.add("invalid-utf8.txt", b"validword \xff\xfe\xc3 broken \xed\xa0\x80 surrogate", either, "validword")
        self.add("utf16-no-bom.txt", "utf16word in UTF-16 without a byte order mark".encode("utf-16-le"), either)
        sparse = self.add("sparse-1GiB.txt", b"", {FAILED})
        os.truncate(sparse, 1 << 30)
        self.add("one-line.txt", b"longlineword " * ((100 if self.full else 8) * (1 << 20) // 13), either)
        self.add("/".join(["d"] * 200) + "/deep.txt", b"deepword two hundred folders down", {INDEXED}, "deepword")
        self.add(b"new\nline.txt", b"newlineword in a name with a newline", {INDEXED}, "newlineword")
        self.add(b"latin1-\xe9t\xe9.txt", b"latinword in a name that is not UTF-8", either)
        self.add("-leading-dash.txt", b"dashword in a name starting with a dash", {INDEXED}, "dashword")
        self.add("--help.txt", b"helpword in a name that looks like an option", {INDEXED}, "helpword")
        fifo = self.path("fifo.txt")
        os.mkfifo(fifo)
        self.cases[fifo] = ({SKIPPED}, None)
        if os.geteuid() == 0:
            device = self.path("device.txt")
            os.mknod(device, 0o644 | stat.S_IFCHR, os.makedev(1, 5))
            self.cases[device] = ({SKIPPED}, None)
        os.symlink("loop-b", self.path("loop-a"))
        os.symlink("loop-a", self.path("loop-b"))
        os.symlink(".", self.path("self-loop"))
        os.symlink("..", self.path("parent-loop"))
        self.add("unreadable.txt", b"secretword nobody may read", {FAILED})
        self.add("locked/inside.txt", b"lockedword in a folder nobody may list", {SKIPPED})
        self.add("unclosed.html", b"<div><p><b><i><table><tr><td>" * 10_000 + b"unclosedword", either, "unclosedword")
        self.add("attribute.html", b'<p title="' + b"x" * (1 << 20) + b'">attributeword</p>', {INDEXED}, "attributeword")
        self.add("nested-lists.md", b"- " * 10_000 + b"nestedword\n", either, "nestedword")
        self.add("nested-quotes.md", b"> " * 10_000 + b"quotedword\n", either, "quotedword")
        for name in ("truncated.pdf", "encrypted.pdf"):
            self.add(name, open(os.path.join(PDF_FIXTURES, name), "rb").read(), either)
        # Office files and e-books made hostile (Tests/FolioLoadersTests/Fixtures/office/generate.py):
        # a zip bomb, a truncated zip, XML nested too deep, a billion laughs, encryption, DRM.
        for name in ("bomb.docx", "truncated.docx", "deep.docx", "laughs.docx", "encrypted.docx", "encrypted.odt", "drm.epub",
                     "not-a-zip.xlsx"):
            self.add("office/" + name, open(os.path.join(OFFICE_FIXTURES, name), "rb").read(), {FAILED})
        for extension in ("docx", "xlsx", "pptx", "odt", "epub", "rtf", "doc", "xls", "ppt"):
            self.add(f"random-bytes.{extension}", rng.randbytes(65_536), either)
        self.add("nested-groups.rtf", b"{\\rtf1 " + b"{" * 100_000 + b"groupword" + b"}" * 100_000 + b"}", either, "groupword")
        office = ["sample.docx", "sample.odt", "sample.rtf", "sample.epub", "ledger.xlsx", "ledger.ods", "slides.pptx", "slides.odp",
                  "sample.doc", "ledger.xls", "slides.ppt"]
        for index in range(80 if self.full else 16):
            name = office[index % len(office)]
            data = bytearray(open(os.path.join(OFFICE_FIXTURES, name), "rb").read())
            for _ in range(rng.randrange(1, 20)):
                data[rng.randrange(len(data))] = rng.randrange(256)
            self.add(f"flipped/{index}.{name.split('.')[-1]}", bytes(data), either)
        # Mail: broken MIME, base64 that does not decode, an unknown charset (each read as far
        # as it goes), no message at all, multiparts nested 20,000 deep, a Maildir message of
        # random bytes, and messages with bytes flipped.
        for name in ("broken-base64.eml", "unclosed.eml", "unknown-charset.eml"):
            self.add("mail/" + name, open(os.path.join(MAIL_FIXTURES, name), "rb").read(), {INDEXED})
        self.add("random-bytes.eml", rng.randbytes(65_536), either)
        nested = b"".join(b"--b%d\r\nContent-Type: multipart/mixed; boundary=b%d\r\n\r\n" % (i, i + 1) for i in range(20_000))
        self.add("mail/nested.eml", b"From: a@example.org\r\nSubject: nested\r\nContent-Type: multipart/mixed; boundary=b0\r\n\r\n"
                 + nested, either)
        self.add("Maildir/cur/1700000000.M1P1.host:2,S", rng.randbytes(8_192), either)
        messages = ["plain.eml", "alternative.eml", "attachment.eml", "forwarded.eml", "latin1.eml"]
        for index in range(40 if self.full else 10):
            data = bytearray(open(os.path.join(MAIL_FIXTURES, messages[index % len(messages)]), "rb").read())
            for _ in range(rng.randrange(1, 20)):
                data[rng.randrange(len(data))] = rng.randrange(256)
            self.add(f"flipped/{index}.eml", bytes(data), either)
        # Mailboxes: not a mailbox, "From " lines around random bytes, a message nested deep,
        # one cut off, one carrying a zip bomb as its attachment, and a real one with bytes
        # flipped. Their messages and attachments are documents inside them, not judged here.
        self.add("mail/random.mbox", rng.randbytes(65_536), either)
        self.add("mail/garbage.mbox", b"".join(b"From x@y Thu Nov 16 08:00:00 2023\n" + rng.randbytes(4_096) + b"\n" for _ in range(20)), either)
        self.add("mail/nested.mbox", b"From a@example.org Thu Nov 16 08:00:00 2023\nSubject: nested\n"
                 b"Content-Type: multipart/mixed; boundary=b0\r\n\r\n" + nested, either)
        inbox = open(os.path.join(MAIL_FIXTURES, "Inbox.mbox"), "rb").read()
        self.add("mail/cut.mbox", inbox[: len(inbox) * 2 // 3], {INDEXED})
        bomb = open(os.path.join(OFFICE_FIXTURES, "bomb.docx"), "rb").read()
        self.add("mail/bomb.mbox", b"From a@example.org Thu Nov 16 08:00:00 2023\nSubject: bomb\nMIME-Version: 1.0\n"
                 b"Content-Type: multipart/mixed; boundary=XY\n\n--XY\nContent-Type: text/plain\n\nsee attached\n--XY\n"
                 b"Content-Type: application/octet-stream; name=bomb.docx\nContent-Disposition: attachment; filename=bomb.docx\n"
                 b"Content-Transfer-Encoding: base64\n\n" + base64.encodebytes(bomb) + b"--XY--\n", {INDEXED})
        for index in range(10 if self.full else 3):
            data = bytearray(inbox)
            for _ in range(rng.randrange(1, 40)):
                data[rng.randrange(len(data))] = rng.randrange(256)
            self.add(f"flipped/{index}.mbox", bytes(data), either)
        sources = ["digital.pdf", "headers.pdf", "mixed.pdf", "scanned.pdf"]
        for index in range(200 if self.full else 24):
            data = bytearray(open(os.path.join(PDF_FIXTURES, sources[index % len(sources)]), "rb").read())
            for _ in range(rng.randrange(1, 20)):
                data[rng.randrange(len(data))] = rng.randrange(256)
            self.add(f"flipped/{index}.pdf", bytes(data), either)

    def lock(self):
        """Takes read permission away (after the home was handed to the suite's user)."""
        for relative, mode in (("unreadable.txt", 0), ("locked", 0)):
            os.chmod(self.path(relative), mode)
            self.locked.append(self.path(relative))

    def create_and_delete(self, count):
        """Files that vanish between inotify's event and the worker's read."""
        for index in range(count):
            path = self.path(f"vanishing-{index}.txt")
            with open(path, "wb") as f:
                f.write(b"vanishingword")
            if index % 2:
                time.sleep(0.001)
            os.remove(path)
        return count

    def judge(self):
        """The outcome of every case, checked against what it may be."""
        rows = {os.fsencode(path): (status, error) for path, status, error in
                self.home.database_rows("SELECT path, status, error FROM document")}
        errors = self.home.run("folioctl", "errors", check=True).stdout
        outcomes, problems = {}, []
        for path, (allowed, word) in self.cases.items():
            # A name that is not UTF-8 is recorded under its readable form (U+FFFD for
            # each invalid byte), as folioctl shows it.
            status, error = rows.get(path.decode(errors="replace").encode(), (None, None))
            outcome = SKIPPED if status is None else FAILED if status == "failed" else INDEXED
            if status == "partial":
                # Part of the text was read; the reason says which part was not.
                outcomes[path] = "partial"
                if INDEXED not in allowed or not error:
                    problems.append(f"{path!r} ended partial ({error}), expected {' or '.join(sorted(allowed))} and a reason")
                continue
            if outcome not in allowed:
                problems.append(f"{path!r} ended {outcome} ({error}), expected {' or '.join(sorted(allowed))}")
            elif outcome == FAILED and (not error or os.path.basename(path).decode(errors="replace").encode() not in errors):
                problems.append(f"{path!r} failed without a reason listed by `folioctl errors`")
            elif outcome == INDEXED and word:
                found = self.home.run("folioq", "--format", "paths", word).stdout
                if found.strip() != path:
                    problems.append(f"{path!r} indexed but {word} finds {found!r}")
            outcomes[path] = outcome
        vanished = [path for path in rows if b"vanishing-" in path]
        if vanished:
            problems.append(f"files deleted before their read are in the index: {vanished[:3]}")
        if problems:
            raise Failure(f"{len(problems)} of {len(self.cases)} cases went wrong:\n      " + "\n      ".join(problems))
        return outcomes


def bad(seed, full):
    rng = seeded(seed, "bad")
    home = Home("workers = 2\nfile_timeout_seconds = 60\n", user="nobody" if os.geteuid() == 0 else None)
    corpus = HostileCorpus(home, rng, full)
    try:
        corpus.write()
        home.give_to_user()
        corpus.lock()
        home.start()
        vanished = corpus.create_and_delete(200 if full else 50)
        home.settle(900)
        outcomes = corpus.judge()
        if b"locked" not in home.run("folioctl", "status", check=True).stdout:
            raise Failure("folioctl status does not mention the folder foliod may not read")
        canary = os.path.join(home.documents, "canary.txt")
        with open(canary, "w") as f:
            f.write("canaryword after the hostile files")
        if home.user:
            shutil.chown(canary, home.user)
        wait_until("a file written afterwards is found",
                   lambda: home.run("folioq", "--format", "paths", "canaryword").stdout.decode(errors="replace").strip() == canary, 60)
        # The same corpus through folioctl, which reads in its own process: it must finish
        # (exit 1: some files failed) and a FIFO must not hold `extract`.
        home.stop()
        index = home.run("folioctl", "index", home.documents, timeout=900)
        if index.returncode != 1:
            raise Failure(f"folioctl index over the hostile corpus exited {index.returncode}: {index.stderr[-500:]!r}")
        extract = home.run("folioctl", "extract", os.path.join(home.documents, "fifo.txt"), timeout=30)
        if extract.returncode == 0 or b"not a regular file" not in extract.stderr:
            raise Failure(f"folioctl extract of a FIFO: exit {extract.returncode}, {extract.stderr!r}")
        tally = {}
        for outcome in outcomes.values():
            tally[outcome] = tally.get(outcome, 0) + 1
        yield f"{len(outcomes)} hostile inputs: " + ", ".join(f"{n} {kind}" for kind, n in sorted(tally.items()))
        yield f"{vanished} files deleted between their event and their read left no trace; foliod alive, " \
              "a file written afterwards was found"
        yield "folioctl index over the same corpus finished (exit 1, the failures listed); extract of the FIFO refused at once"
    finally:
        for path in corpus.locked:
            os.chmod(path, 0o700)
        home.close()
