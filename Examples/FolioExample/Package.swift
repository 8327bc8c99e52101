// swift-tools-version:6.0
import PackageDescription

// An app that uses Folio as a library, depending on it by path (`make test` builds and
// runs it: scripts/example.sh). A package outside Folio's tree names its own path.
let package = Package(
    name: "FolioExample",
    dependencies: [
        .package(name: "Folio", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "FolioExample", dependencies: [.product(name: "Folio", package: "Folio")]),
    ]
)
