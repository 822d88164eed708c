// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "LearningBadger",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "badger", targets: ["badger"]),
        .library(name: "BadgerDeck", targets: ["BadgerDeck"]),
        .library(name: "BadgerMemory", targets: ["BadgerMemory"]),
        .library(name: "BadgerTerminal", targets: ["BadgerTerminal"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/swiftcsv/SwiftCSV", from: "0.10.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        .systemLibrary(
            name: "CCmarkGFM",
            path: "Sources/CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        .target(
            name: "BadgerDeck",
            dependencies: ["CCmarkGFM", .product(name: "Yams", package: "Yams"), .product(name: "SwiftCSV", package: "SwiftCSV")]
        ),
        // The scheduler, optimizer and workload simulation are numeric loops that run ten times
        // slower unoptimized; every fit a test makes chooses settings by simulating years of study.
        // (An unsafe flag: another package may use BadgerMemory from a path or a branch, not by
        // version, with the tools of this manifest.)
        .target(name: "BadgerMemory", swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        .target(name: "BadgerStudy", dependencies: ["BadgerDeck", "BadgerMemory"]),
        .target(name: "BadgerTerminal", dependencies: ["BadgerDeck"]),
        .systemLibrary(
            name: "CSixel",
            path: "Sources/CSixel",
            pkgConfig: "libsixel",
            providers: [.apt(["libsixel-dev"]), .brew(["libsixel"])]
        ),
        .systemLibrary(name: "CZstd", path: "Sources/CZstd", pkgConfig: "libzstd", providers: [.apt(["libzstd-dev"]), .brew(["zstd"])]),
        .target(
            name: "BadgerAnki",
            dependencies: [
                "BadgerDeck", "BadgerMemory", "CZstd", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]),
        .target(name: "BadgerImageCodec", dependencies: ["CSixel", "BadgerTerminal"]),
        .target(name: "BadgerLanguageServer", dependencies: ["BadgerDeck", "BadgerMemory", "BadgerStudy", "BadgerTerminal"]),
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        .executableTarget(
            name: "badger",
            dependencies: [
                "BadgerDeck", "BadgerMemory", "BadgerStudy", "BadgerTerminal", "BadgerImageCodec", "BadgerLanguageServer", "BadgerAnki",
                "CMalloc",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "scheduling-benchmark", dependencies: ["BadgerMemory"], path: "Benchmarks/SchedulingBenchmark"),
        .executableTarget(
            name: "storage-benchmark", dependencies: ["BadgerDeck", "BadgerMemory", "BadgerStudy"], path: "Benchmarks/StorageBenchmark"),
        .target(name: "BadgerTestSupport", path: "Tests/BadgerTestSupport"),
        .testTarget(
            name: "BadgerDeckTests", dependencies: ["BadgerDeck", "BadgerTestSupport"], exclude: ["Snapshots", "Fixtures"]),
        .testTarget(
            name: "BadgerMemoryTests", dependencies: ["BadgerMemory", "BadgerTestSupport"], exclude: ["Snapshots", "Fixtures"]),
        .testTarget(
            name: "BadgerStudyTests", dependencies: ["BadgerStudy", "BadgerTestSupport"]),
        .testTarget(
            name: "BadgerTerminalTests", dependencies: ["BadgerTerminal", "BadgerImageCodec", "BadgerTestSupport"],
            exclude: ["Snapshots", "Fixtures"]),
        .testTarget(
            name: "BadgerLanguageServerTests", dependencies: ["BadgerLanguageServer", "BadgerDeck", "BadgerMemory", "BadgerTestSupport"],
            exclude: ["Snapshots", "Fixtures"]),
        .testTarget(
            name: "BadgerAnkiTests", dependencies: ["BadgerAnki", "BadgerDeck", "BadgerMemory", "BadgerTestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "BadgerCLITests", dependencies: ["BadgerDeck", "BadgerTestSupport"], exclude: ["Snapshots", "Fixtures"]),
    ]
)
