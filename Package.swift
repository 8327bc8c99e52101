// swift-tools-version:6.1
import PackageDescription

/// Every Swift target: Swift 6 mode, and imports internal unless marked `public import`,
/// so C types from the system-library targets cannot leak into public API.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("InternalImportsByDefault"),
]

#if arch(arm64)
let multiarch = "aarch64-linux-gnu"
#else
let multiarch = "x86_64-linux-gnu"
#endif
/// GLib's headers, which GIO's, poppler-glib's and GMime's include (`pkg-config --cflags
/// glib-2.0`).
let glibHeaders = ["/usr/include/glib-2.0", "/usr/lib/\(multiarch)/glib-2.0/include"].map { "-I" + $0 }
/// Where poppler-glib's, GLib's and cairo's headers are on Debian (`pkg-config --cflags
/// poppler-glib`). SwiftPM passes pkg-config's include folders only with the libraries
/// linked, and CPoppler loads them instead: the C target and the Swift code that imports
/// it are given the folders themselves.
let popplerHeaders = ["-I/usr/include/poppler/glib", "-I/usr/include/poppler"] + glibHeaders + ["-I/usr/include/cairo"]
let importsPoppler = swiftSettings + [.unsafeFlags(popplerHeaders.flatMap { ["-Xcc", $0] })]
/// The same for GIO (`pkg-config --cflags gio-2.0`), which CGio loads instead of linking.
let importsGio = swiftSettings + [.unsafeFlags(glibHeaders.flatMap { ["-Xcc", $0] })]
/// GMime's headers and GLib's (`pkg-config --cflags gmime-3.0`), for the C target that reads mail.
let gmimeHeaders = ["-I/usr/include/gmime-3.0"] + glibHeaders

/// The programs are linked by lld with packed relative relocations (DT_RELR, glibc 2.36):
/// the 90,000 relocations of a position-independent program take 40 KB instead of 2.2 MB,
/// which every process read at start and kept counted in its RSS (an idle foliod-worker
/// of the release build: 22.5 MiB before, 20.8 after).
let programLinkerSettings: [LinkerSetting] = [
    .unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic"]),
]

let argumentParser: Target.Dependency = .product(name: "ArgumentParser", package: "swift-argument-parser")

let package = Package(
    name: "Folio",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "foliod", targets: ["foliod"]),
        .executable(name: "foliod-worker", targets: ["foliod-worker"]),
        .executable(name: "folioq", targets: ["folioq"]),
        .executable(name: "folioctl", targets: ["folioctl"]),
        .executable(name: "folio-search-provider", targets: ["folio-search-provider"]),
        .executable(name: "folio-rofi", targets: ["folio-rofi"]),
        // The five above and `folio ui` (the window's server) in one binary, for `make install`.
        .executable(name: "folio", targets: ["FolioMulticall"]),
        // `folio mcp`, a program of its own: the MCP SDK links Foundation whole.
        .executable(name: "folio-mcp", targets: ["folio-mcp"]),
        // Folio as a Swift library: `FolioEngine` (Sources/Folio/Folio.docc).
        .library(name: "Folio", targets: ["Folio"]),
        // For the fuzz targets in Fuzz/, a package of their own built with -sanitize=fuzzer.
        .library(name: "FolioLibraries", targets: ["FolioCore", "FolioText", "FolioLoaders", "FolioStore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
        // Without its default traits: they link Foundation whole, ICU with it (docs/benchmarks.md, "A window").
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
    ],
    targets: [
        // C libraries, each behind a module map and nothing else.
        .systemLibrary(name: "CCmarkGFM", pkgConfig: "libcmark-gfm",
                       providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CXXHash", pkgConfig: "libxxhash", providers: [.apt(["libxxhash-dev"])]),
        // The zip containers of office files and e-books.
        .systemLibrary(name: "CZip", pkgConfig: "libzip", providers: [.apt(["libzip-dev"])]),
        // GDBus, loaded when the launcher provider starts (headers from libglib2.0-dev:
        // `glibHeaders`), so that the other programs of the same binary do not load it.
        .target(name: "CGio", cSettings: [.unsafeFlags(glibHeaders)]),
        // MuPDF's fz_try/fz_catch are setjmp/longjmp: they stay inside this C target.
        // Debian ships MuPDF as static libraries; these are `pkg-config --static mupdf`'s.
        // Without its Noto fonts (without_noto_fonts.c).
        .target(
            name: "CMuPDF",
            linkerSettings: ["mupdf", "mupdf-third", "mujs", "gumbo", "openjp2", "jbig2dec", "jpeg", "z", "m", "freetype",
                             "png16", "brotlidec", "brotlicommon", "harfbuzz"].map { .linkedLibrary($0) }),
        // Tesseract and leptonica are loaded by this target when OCR is first needed, not
        // linked (their headers are used at build time: libtesseract-dev, libleptonica-dev).
        .target(name: "CTesseract"),
        // ONNX Runtime, loaded from the file the install step put in place (no header ships
        // with it: the few calls Folio makes are declared in the target itself).
        .target(name: "COnnxRuntime", linkerSettings: [.linkedLibrary("dl")]),
        // tree-sitter's runtime and grammars, loaded from the library the install step builds
        // (scripts/install-code-parsers.sh); the few calls made are declared in the target.
        .target(name: "CCodeOutline", linkerSettings: [.linkedLibrary("dl")]),
        // libcurl, loaded on the first request (its header from libcurl4-openssl-dev, or the
        // NSS or GnuTLS flavour where one of those is installed instead).
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("dl")]),
        // The same for poppler-glib and cairo, when the poppler backend is first used
        // (headers from libpoppler-glib-dev and libcairo2-dev: `popplerHeaders`).
        .target(name: "CPoppler", cSettings: [.unsafeFlags(popplerHeaders)]),
        // GMime, which parses mail (MIME, RFC 2047 headers, charsets); its GObject walk stays
        // in this target, which hands Swift a flat message (headers, parts in order).
        .target(name: "CGMime", cSettings: [.unsafeFlags(gmimeHeaders)],
                linkerSettings: ["gmime-3.0", "gio-2.0", "gobject-2.0", "glib-2.0"].map { .linkedLibrary($0) }),
        // FTS5's C interface (its tokenizer, an auxiliary function): SQLite's own header.
        .target(name: "CFullText", dependencies: ["CSQLite"], linkerSettings: [.linkedLibrary("m")]),
        // The distances between the codes of vectors, with POPCNT where the CPU has it.
        .target(name: "CVectorCodes"),

        .target(
            name: "FolioSchema",
            path: "Migrations",
            exclude: ["README.md"],
            resources: [.embedInCode("v0001_core.sql"), .embedInCode("v0002_pages_ocr.sql"), .embedInCode("v0003_vectors.sql"),
                        .embedInCode("v0004_leaders.sql"), .embedInCode("v0005_row_lengths.sql"),
                        .embedInCode("v0006_navigation.sql"), .embedInCode("v0007_fields.sql"),
                        .embedInCode("v0008_term_counts.sql"), .embedInCode("v0009_segment_merge.sql"),
                        .embedInCode("v0010_volumes.sql"),
                        .embedInCode("v0011_mail_threads.sql"),
                        .embedInCode("v0012_file_names.sql"), .embedInCode("v0013_code.sql"),
                        .embedInCode("v0014_written.sql"), .embedInCode("v0015_code_outline.sql"),
                        .embedInCode("v0016_filter_blocks.sql"),
                        .embedInCode("v0017_size_blocks.sql"), .embedInCode("v0018_extension_blocks.sql"),
                        .embedInCode("v0019_term_hits.sql")],
            swiftSettings: swiftSettings),
        .target(
            name: "FolioCore",
            swiftSettings: swiftSettings),
        .target(
            name: "FolioSystem",
            swiftSettings: swiftSettings),
        // The messages between Folio's processes (workers, control socket, embedder socket), shared by both ends.
        .target(
            name: "FolioProtocol",
            dependencies: ["FolioCore", "FolioSystem"],
            swiftSettings: swiftSettings),
        .target(
            name: "FolioText",
            dependencies: ["FolioCore"],
            swiftSettings: swiftSettings),
        .target(
            name: "FolioLoaders",
            dependencies: ["FolioCore", "FolioSystem", "CCmarkGFM", "CLibXML2", "CPoppler", "CMuPDF", "CTesseract", "CZip", "CGMime",
                           "CCodeOutline"],
            swiftSettings: importsPoppler),
        // SQLite's C API behind a few types: connections, statements, rows, errors.
        .target(
            name: "FolioSQLite",
            dependencies: ["CSQLite", "CFullText"],
            swiftSettings: swiftSettings),
        // Requests to servers through libcurl, streamed or whole; API keys.
        .target(
            name: "FolioHTTP",
            dependencies: ["FolioCore", "FolioSystem", "CCurl"],
            swiftSettings: swiftSettings),
        // Text to vectors: the WordPiece tokenizer, the local model, the HTTP providers.
        .target(
            name: "FolioEmbedding",
            dependencies: ["FolioCore", "FolioHTTP", "COnnxRuntime"],
            swiftSettings: swiftSettings),
        // The semantic stage: windows of chunks, their vectors, the embedder process.
        .target(
            name: "FolioSemantic",
            dependencies: ["FolioCore", "FolioEmbedding", "FolioStore", "FolioProtocol", "FolioSystem", "CXXHash"],
            swiftSettings: swiftSettings),
        .target(
            name: "FolioStore",
            dependencies: ["CVectorCodes", "FolioCore", "FolioText", "FolioSchema", "FolioSystem", "FolioSQLite"],
            swiftSettings: swiftSettings),
        // The one owner of search: words, the query's meaning and their fusion, for every caller;
        // and the citations of an answer weighed by meaning.
        .target(
            name: "FolioSearch",
            dependencies: ["FolioCore", "FolioStore", "FolioSemantic", "FolioText", "FolioProtocol", "FolioSystem"],
            swiftSettings: swiftSettings),
        // Answers from the index: passages within a context budget, the prompt, the chat
        // providers' wire formats, citations checked.
        .target(
            name: "FolioAsk",
            dependencies: ["FolioCore", "FolioStore", "FolioHTTP", "FolioSystem", "FolioSemantic", "FolioProtocol", "FolioText"],
            swiftSettings: swiftSettings),
        // Conversations (`folio chat`): kept in a file of their own, follow-ups searched as
        // they stand with what came before.
        .target(
            name: "FolioChat",
            dependencies: ["FolioAsk", "FolioCore", "FolioSQLite", "FolioStore", "FolioSystem"],
            swiftSettings: swiftSettings),
        .target(
            name: "FolioWatch",
            dependencies: ["FolioCore", "FolioSystem"],
            swiftSettings: swiftSettings),
        .target(
            name: "FolioIndexer",
            dependencies: [
                "FolioCore", "FolioText", "FolioLoaders", "FolioStore", "FolioSystem", "CXXHash",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings),
        .target(
            name: "FolioDaemon",
            dependencies: [
                "FolioCore", "FolioStore", "FolioWatch", "FolioSystem", "FolioProtocol",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings),
        .target(
            name: "FolioCLI",
            dependencies: [
                "FolioCore", "FolioSystem", "FolioProtocol",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings),
        .target(
            name: "FolioLaunch",
            dependencies: ["FolioCore", "FolioStore", "FolioText", "FolioSystem", "FolioSemantic", "FolioSearch"],
            swiftSettings: swiftSettings),

        // The library product: a facade over the store, loaders, pipeline and search the
        // programs use. No daemon, launcher or command-line code: `scripts/library-check.sh`.
        .target(
            name: "Folio",
            dependencies: ["FolioCore", "FolioText", "FolioLoaders", "FolioStore", "FolioIndexer", "FolioSystem", "FolioSemantic",
                           "FolioSearch", "FolioProtocol", "FolioAsk", "FolioChat"],
            swiftSettings: swiftSettings),

        // Each program's commands, in a module of its own: its executable below runs them,
        // and so does `folio`, the one binary `make install` puts them all in.
        .target(
            name: "FolioQueryProgram",
            dependencies: ["FolioCLI", "FolioCore", "FolioStore", "FolioSemantic", "FolioSearch", "FolioText", "FolioAsk", "FolioChat",
                           "FolioHTTP", "FolioLaunch", "FolioProtocol", "FolioSystem", "FolioTools", argumentParser],
            swiftSettings: swiftSettings),
        .target(
            name: "FolioControlProgram",
            dependencies: ["FolioCLI", "FolioCore", "FolioStore", "FolioDaemon", "FolioProtocol", "FolioSystem", "FolioText", "FolioEmbedding",
                           "FolioSemantic", "FolioSearch", "FolioLaunch", argumentParser],
            swiftSettings: swiftSettings),
        .target(
            name: "FolioDaemonProgram",
            dependencies: ["FolioCLI", "FolioCore", "FolioDaemon", "FolioSystem", argumentParser],
            swiftSettings: swiftSettings),
        .target(
            name: "FolioSearchProviderProgram",
            dependencies: ["FolioCLI", "FolioCore", "FolioLaunch", "FolioSemantic", "CGio", argumentParser],
            swiftSettings: importsGio),
        .target(
            name: "FolioRofiProgram",
            dependencies: ["FolioCLI", "FolioCore", "FolioLaunch", "FolioSemantic", "FolioSystem", argumentParser],
            swiftSettings: swiftSettings),

        .executableTarget(name: "folioq", dependencies: ["FolioCLI", "FolioQueryProgram"],
                          swiftSettings: swiftSettings, linkerSettings: programLinkerSettings),
        .executableTarget(name: "folioctl", dependencies: ["FolioCLI", "FolioControlProgram"],
                          swiftSettings: swiftSettings, linkerSettings: programLinkerSettings),
        .executableTarget(name: "foliod", dependencies: ["FolioCLI", "FolioDaemonProgram"],
                          swiftSettings: swiftSettings, linkerSettings: programLinkerSettings),
        .executableTarget(name: "folio-search-provider", dependencies: ["FolioCLI", "FolioSearchProviderProgram"],
                          swiftSettings: swiftSettings, linkerSettings: programLinkerSettings),
        .executableTarget(name: "folio-rofi", dependencies: ["FolioCLI", "FolioRofiProgram"],
                          swiftSettings: swiftSettings, linkerSettings: programLinkerSettings),
        // Folio's search as tools, one definition for assistants over the Model Context
        // Protocol (`folio mcp`) and for a model that calls tools (`folio chat`).
        .target(
            name: "FolioTools",
            dependencies: ["FolioAsk", "FolioChat", "FolioCore", "FolioProtocol", "FolioSearch", "FolioSemantic", "FolioStore",
                           "FolioSystem", "FolioText"],
            swiftSettings: swiftSettings),
        // Folio's search as tools for assistants over the Model Context Protocol (`folio mcp`).
        .target(
            name: "FolioMCP",
            dependencies: ["FolioCore", "FolioSystem", "FolioTools", .product(name: "MCP", package: "swift-sdk"), .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings),
        .executableTarget(name: "folio-mcp", dependencies: ["FolioCLI", "FolioCore", "FolioMCP", "FolioTools", argumentParser],
                          swiftSettings: swiftSettings, linkerSettings: programLinkerSettings),
        // glibc's malloc tuning for `folio ui`'s server, which Swift's Glibc does not show.
        .target(name: "CMemory"),
        // `folio ui`: the page, its JSON API and its guard, on Hummingbird (loopback only).
        .target(
            name: "FolioUI",
            dependencies: ["CMemory", "FolioAsk", "FolioChat", "FolioCore", "FolioLaunch", "FolioProtocol", "FolioSearch", "FolioSemantic",
                           "FolioStore", "FolioSystem", "FolioText", "FolioTools", .product(name: "Hummingbird", package: "hummingbird"),
                           .product(name: "Logging", package: "swift-log")],
            resources: [.embedInCode("Page/index.html"), .embedInCode("Page/app.css"), .embedInCode("Page/app.js"),
                        .embedInCode("Page/favicon.svg")],
            swiftSettings: swiftSettings),
        .target(name: "FolioUIProgram", dependencies: ["FolioCLI", "FolioCore", "FolioUI", "FolioSystem", argumentParser],
                swiftSettings: swiftSettings),
        // Named apart from `Folio` (the library): Sources/folio and Sources/Folio collided on a
        // case-insensitive volume.
        .executableTarget(
            name: "FolioMulticall",
            dependencies: ["FolioCLI", "FolioSystem", "FolioQueryProgram", "FolioControlProgram", "FolioDaemonProgram", "FolioSearchProviderProgram",
                           "FolioRofiProgram", "FolioUIProgram"],
            swiftSettings: swiftSettings,
            linkerSettings: programLinkerSettings),
        // The engine's extraction processes: the only program that loads the readers.
        .executableTarget(
            name: "foliod-worker",
            dependencies: ["FolioCLI", "FolioCore", "FolioEmbedding", "FolioIndexer", "FolioLoaders", "FolioProtocol", "FolioStore", "FolioSystem",
                           "FolioSemantic", argumentParser],
            swiftSettings: swiftSettings,
            linkerSettings: programLinkerSettings),

        .target(name: "FolioTestSupport", path: "Tests/FolioTestSupport", swiftSettings: swiftSettings),
        .testTarget(name: "FolioCoreTests", dependencies: ["FolioCore"], swiftSettings: swiftSettings),
        .testTarget(name: "FolioWatchTests", dependencies: ["FolioWatch", "FolioSystem", "FolioTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "FolioTextTests", dependencies: ["FolioText", "FolioCore", "FolioTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "FolioLoadersTests", dependencies: ["FolioLoaders", "FolioCore", "FolioSystem", "FolioTestSupport"],
                    exclude: ["Fixtures"], swiftSettings: swiftSettings),
        .testTarget(name: "FolioStoreTests", dependencies: ["FolioStore", "FolioText", "FolioCore", "FolioSQLite", "FolioSchema", "FolioTestSupport"],
                    swiftSettings: swiftSettings),
        .testTarget(name: "FolioDaemonTests", dependencies: ["FolioDaemon", "FolioProtocol", "FolioCore", "FolioSystem", "FolioStore", "FolioText", "FolioWatch",
                                                         "FolioTestSupport"],
                    swiftSettings: swiftSettings),
        .testTarget(name: "FolioEmbeddingTests", dependencies: ["FolioEmbedding", "FolioCore", "FolioTestSupport"], exclude: ["Fixtures"],
                    swiftSettings: swiftSettings),
        .testTarget(name: "FolioSemanticTests", dependencies: ["FolioSemantic", "FolioEmbedding", "FolioStore", "FolioCore", "FolioText", "FolioProtocol"],
                    swiftSettings: swiftSettings),
        .testTarget(name: "FolioAskTests", dependencies: ["FolioAsk", "FolioCore", "FolioStore", "FolioText"], swiftSettings: swiftSettings),
        .testTarget(name: "FolioChatTests", dependencies: ["FolioChat", "FolioAsk", "FolioCore"], swiftSettings: swiftSettings),
        .testTarget(name: "FolioSQLiteTests", dependencies: ["FolioSQLite"], swiftSettings: swiftSettings),
        .testTarget(name: "FolioMCPTests", dependencies: ["FolioMCP", "FolioTools", "FolioCore", "FolioStore", "FolioSearch", .product(name: "MCP", package: "swift-sdk")],
                    swiftSettings: swiftSettings),
        .testTarget(name: "FolioProtocolTests", dependencies: ["FolioProtocol", "FolioCore", "FolioStore"], swiftSettings: swiftSettings),
        .testTarget(name: "FolioIndexerTests", dependencies: ["FolioIndexer", "FolioStore", "FolioCore", "FolioSystem", "FolioWatch", "FolioTestSupport",
                                                         "FolioSQLite", "FolioLoaders", "FolioText"],
                    swiftSettings: swiftSettings),
        .testTarget(name: "FolioQueryProgramTests", dependencies: ["FolioQueryProgram", argumentParser], swiftSettings: swiftSettings),
        .testTarget(name: "FolioLaunchTests", dependencies: ["FolioLaunch", "FolioCore", "FolioStore", "FolioText"], swiftSettings: swiftSettings),
        .testTarget(name: "FolioTests", dependencies: ["Folio", "FolioTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "EndToEndTests", dependencies: ["FolioTestSupport", "FolioProtocol", "FolioSQLite", "FolioSystem"], exclude: ["Fixtures"],
                    swiftSettings: swiftSettings),
    ]
)
