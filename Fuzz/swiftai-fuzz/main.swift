import Foundation
import FuzzHarness

/// The check `FUZZ_TARGET` names (see `FuzzHarness.targets`).
let check: (@Sendable (Data) -> String?)? = FuzzHarness.targets[ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? ""]

/// libFuzzer's entry point: runs the check on one input and aborts when an invariant breaks, so libFuzzer
/// keeps the input as a crash artifact.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let check else {
        FileHandle.standardError.write(Data("Set FUZZ_TARGET to one of \(FuzzHarness.targets.keys.sorted())\n".utf8))
        exit(2)
    }
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    if let failure = check(data) {
        FileHandle.standardError.write(Data("invariant broken: \(failure)\n".utf8))
        abort()
    }
    return 0
}

/// libFuzzer's driver, run from the executable's entry point (SwiftPM links executables to `swiftai_fuzz_main`, so
/// libFuzzer's own `main` is not the one used).
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@_cdecl("swiftai_fuzz_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return runFuzzerDriver(&argc, &argv, fuzzOneInput)
}
