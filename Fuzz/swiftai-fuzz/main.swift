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
