// swift-tools-version: 6.0
// libFuzzer targets for LearningBadger's parsers and renderers. A package of its own, so the
// fuzzing flags never reach the main package. Run them with `Fuzz/run.sh` (see Fuzz/README.md).
import PackageDescription

let package = Package(
    name: "BadgerFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "LearningBadger", path: "..")],
    targets: [
        .target(name: "CLibFuzzer"),
        .executableTarget(
            name: "badger-fuzz",
            dependencies: [
                "CLibFuzzer",
                .product(name: "BadgerDeck", package: "LearningBadger"),
                .product(name: "BadgerMemory", package: "LearningBadger"),
                .product(name: "BadgerTerminal", package: "LearningBadger"),
            ]
        ),
    ]
)
