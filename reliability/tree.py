"""A generated tree of text files under ~/Documents and seeded random changes to it: what a
person (or a sync client, or a build) does to a folder, as fast as Python can."""
import os, shutil

from folio import words


class Tree:
    """`avoid`: folders the changes leave alone (a drive's mount point: what is on the drive
    is the drives part's to change)."""

    def __init__(self, home, rng, avoid=()):
        self.home, self.rng, self.avoid = home, rng, tuple(avoid)
        self.serial = 0
        self.files, self.folders = [], [home.documents]
        # Creation six times as likely as each way of losing files (a folder holds several):
        # the tree stays populated.
        self.operations = [self.create] * 6 + [self.write, self.append, self.truncate, self.rename_file,
                           self.rename_folder, self.move_out, self.move_in, self.delete_file, self.delete_folder,
                           self.make_folder, self.symlink]

    def name(self, extension):
        self.serial += 1
        return f"n{self.serial}{extension}"

    def populate(self, count, size=(5, 400)):
        """`count` files in new folders (one per twenty files) and old ones."""
        self.survey()
        for _ in range(max(1, count // 20)):
            self.make_folder()
        for _ in range(count):
            self.create(size)

    def churn(self, count):
        """`count` random changes; returns how many of each kind were made."""
        made = {}
        for index in range(count):
            if index % 10 == 0:
                self.survey()
            operation = self.rng.choice(self.operations)
            try:
                operation()
                made[operation.__name__] = made.get(operation.__name__, 0) + 1
            except (FileNotFoundError, FileExistsError, NotADirectoryError, IsADirectoryError, OSError):
                made["refused"] = made.get("refused", 0) + 1
        return made

    def survey(self):
        """The files and folders as they are now (the lists go stale between surveys;
        an operation on something gone is refused by the filesystem, and counted)."""
        self.files, self.folders = [], []
        for folder, directories, files in os.walk(self.home.documents):
            # Sorted: the order of a directory's entries differs from one run to the next,
            # and the same seed must make the same changes.
            directories[:] = sorted(d for d in directories if os.path.join(folder, d) not in self.avoid)
            self.folders.append(folder)
            self.files += [os.path.join(folder, name) for name in sorted(files) if not os.path.islink(os.path.join(folder, name))]

    def pick_file(self):
        if not self.files:
            raise FileNotFoundError("no file yet")
        return self.rng.choice(self.files)

    def pick_folder(self):
        return self.rng.choice(self.folders or [self.home.documents])

    def text(self, size=(5, 400)):
        return words(self.rng, self.rng.randrange(*size)) + "\n"

    def create(self, size=(5, 400)):
        path = os.path.join(self.pick_folder(), self.name(self.rng.choice([".txt", ".md"])))
        with open(path, "w") as f:
            f.write(self.text(size))
        self.files.append(path)

    def write(self):
        with open(self.pick_file(), "w") as f:
            f.write(self.text())

    def append(self):
        with open(self.pick_file(), "a") as f:
            f.write(self.text((1, 50)))

    def truncate(self):
        path = self.pick_file()
        size = os.path.getsize(path)
        # At a word's end: the index holds whole words, and so must the comparison.
        with open(path, "rb") as f:
            data = f.read()[:self.rng.randrange(size + 1)]
        cut = data.rfind(b" ")
        with open(path, "r+b") as f:
            f.truncate(max(cut, 0))

    def rename_file(self):
        source = self.pick_file()
        target = os.path.join(self.pick_folder(), self.name(os.path.splitext(source)[1]))
        os.rename(source, target)
        self.files.append(target)

    def rename_folder(self):
        source = self.pick_folder()
        if source == self.home.documents:
            return
        target_parent = self.pick_folder()
        if target_parent == source or target_parent.startswith(source + "/"):
            target_parent = self.home.documents
        os.rename(source, os.path.join(target_parent, self.name("")))

    def move_out(self):
        source = self.rng.choice([self.pick_file, self.pick_folder])()
        if source == self.home.documents:
            return
        os.rename(source, os.path.join(self.home.outside, self.name(os.path.splitext(source)[1])))

    def move_in(self):
        outside = sorted(os.listdir(self.home.outside))
        if not outside:
            raise FileNotFoundError("nothing outside")
        source = os.path.join(self.home.outside, self.rng.choice(outside))
        extension = "" if os.path.isdir(source) else os.path.splitext(source)[1]
        os.rename(source, os.path.join(self.pick_folder(), self.name(extension)))

    def delete_file(self):
        os.remove(self.pick_file())

    def delete_folder(self):
        """A small folder (at most ten entries), with all in it."""
        folder = self.pick_folder()
        if folder != self.home.documents and len(os.listdir(folder)) <= 10:
            shutil.rmtree(folder)

    def make_folder(self):
        parent = self.pick_folder()
        if parent.count("/") - self.home.documents.count("/") < 3:
            path = os.path.join(parent, self.name(""))
            os.mkdir(path)
            self.folders.append(path)

    def symlink(self):
        """Links to a file or folder inside or outside, a dangling link, or a loop: none
        is followed, none is indexed."""
        folder = self.pick_folder()
        target = self.rng.choice([self.pick_file, self.pick_folder, lambda: self.home.outside, lambda: "/nonexistent",
                                  lambda: folder])()
        os.symlink(target, os.path.join(folder, self.name(self.rng.choice([".txt", ""]))))
