# Folio: build, run, test and install. `make run` and `make test` install the Debian
# packages they need first (scripts/install-deps.sh).

PREFIX ?= $(HOME)/.local
SWIFT ?= swift
# Debian's tesseract uses OpenMP and is 5-7x slower per page without this.
export OMP_THREAD_LIMIT = 1

.PHONY: deps build release run test install uninstall clean

deps:
	./scripts/install-deps.sh

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

# Index ~/Documents (or the folders of ~/.config/folio/config.toml) with the release build,
# and keep watching it: foliod runs in the background (log in ~/.local/state/folio/foliod.log).
run: release
	mkdir -p $(HOME)/Documents $(HOME)/.local/state/folio
	.build/release/folioctl index $(HOME)/Documents || true
	nohup .build/release/foliod >> $(HOME)/.local/state/folio/foliod.log 2>&1 &
	@sleep 1; .build/release/folioctl status
	@echo "search with: .build/release/folioq WORDS   (stop the daemon: pkill -TERM foliod)"

test: build
	$(SWIFT) build --build-tests
	$(SWIFT) test

# The systemd user unit goes where systemd looks for the installing user's units, or, with
# PREFIX=/usr/local (as root), for every user's.
UNITDIR ?= $(if $(filter $(HOME)/.local,$(PREFIX)),$(HOME)/.config/systemd/user,$(PREFIX)/lib/systemd/user)

install: release
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(UNITDIR)
	install -m 0755 .build/release/foliod .build/release/folioq .build/release/folioctl $(DESTDIR)$(PREFIX)/bin/
	sed 's|@BINDIR@|$(PREFIX)/bin|' systemd/foliod.service > $(DESTDIR)$(UNITDIR)/foliod.service
	chmod 0644 $(DESTDIR)$(UNITDIR)/foliod.service
	@echo "then: systemctl --user daemon-reload && systemctl --user enable --now foliod"

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/foliod $(DESTDIR)$(PREFIX)/bin/folioq $(DESTDIR)$(PREFIX)/bin/folioctl
	rm -f $(DESTDIR)$(UNITDIR)/foliod.service

clean:
	rm -rf .build
