// swift-tools-version:6.0
import PackageDescription

/// Fuzz targets for Folio's parsers of untrusted text, for libFuzzer. Built and run by
/// `reliability/fuzz.sh` (`swift build -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library`);
/// a package of its own so that the main build never needs the fuzzer runtime.
let package = Package(
    name: "FolioFuzz",
    dependencies: [.package(name: "Folio", path: "..")],
    targets: [
        .target(name: "FuzzSupport", dependencies: [.product(name: "FolioLibraries", package: "Folio")]),
        .executableTarget(name: "fuzz-query", dependencies: ["FuzzSupport", .product(name: "FolioLibraries", package: "Folio")]),
        .executableTarget(name: "fuzz-markdown", dependencies: ["FuzzSupport", .product(name: "FolioLibraries", package: "Folio")]),
        .executableTarget(name: "fuzz-html", dependencies: ["FuzzSupport", .product(name: "FolioLibraries", package: "Folio")]),
        .executableTarget(name: "fuzz-office", dependencies: ["FuzzSupport", .product(name: "FolioLibraries", package: "Folio")]),
        .executableTarget(name: "fuzz-header-footer", dependencies: ["FuzzSupport", .product(name: "FolioLibraries", package: "Folio")]),
        .executableTarget(name: "fuzz-chunker", dependencies: ["FuzzSupport", .product(name: "FolioLibraries", package: "Folio")]),
    ]
)
