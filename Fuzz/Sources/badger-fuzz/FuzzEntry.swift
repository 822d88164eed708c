import CLibFuzzer
import Foundation

/// Runs libFuzzer with the target named by `BADGER_FUZZ_TARGET` (see `FuzzTarget`); every
/// libFuzzer flag works (`-max_total_time=60`, corpus directories, a crash file to replay).
@main
enum FuzzEntry {
    static func main() {
        _ = FuzzTarget.selected
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(
            LLVMFuzzerRunDriver(&argc, &argv) { data, count in
                let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
                FuzzTarget.selected.run(bytes)
                return 0
            })
    }
}
