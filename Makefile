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

# Index ~/Documents (or the folders of ~/.config/folio/config.toml) with the release build.
run: release
	.build/release/foliod
	@echo "search with: .build/release/folioq WORDS   (or: make install, then folioq WORDS)"

test: build
	$(SWIFT) build --build-tests
	$(SWIFT) test

install: release
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 0755 .build/release/foliod .build/release/folioq .build/release/folioctl $(DESTDIR)$(PREFIX)/bin/

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/foliod $(DESTDIR)$(PREFIX)/bin/folioq $(DESTDIR)$(PREFIX)/bin/folioctl

clean:
	rm -rf .build
