import AISandbox
import Foundation

/// `--compare-python [PYTHON]`: the official Python SDKs' streaming loops (openai-python, anthropic-python) on the
/// same sandbox process in the same run, against this SDK's loop on the main actor, CPU per event.
///
/// PYTHON is an interpreter with `openai` and `anthropic` installed (default: `.build/test-venv/bin/python`, the
/// environment `scripts/prepare-tests` makes); the loop is `scripts/bench/official_sdk_stream.py`.
extension Benchmark {
    struct PythonResult {
        var events: Int
        var cpu: Double
        var cpuMicrosPerEvent: Double { cpu / Double(events) * 1e6 }
    }

    /// The interpreter `--compare-python` names, or nil without the flag.
    static func pythonInterpreter() -> String? {
        let arguments = CommandLine.arguments
        guard let index = arguments.firstIndex(of: "--compare-python") else { return nil }
        if let next = arguments.dropFirst(index + 1).first, !next.hasPrefix("--") { return next }
        return ".build/test-venv/bin/python"
    }

    /// Streams `events` events of `kind` to the official SDK's loop in a Python process.
    static func measurePython(_ kind: BenchmarkStream, python: String, events: Int, server: BenchServer) throws -> PythonResult {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/bench/official_sdk_stream.py")
        try server.enqueue(kind, events: events)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script.path, kind.rawValue, server.baseURL]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let line = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let count = line["events"] as? Int, let cpu = line["cpu"] as? Double
        else { throw BenchError("the \(kind) loop in \(python) failed (exit \(process.terminationStatus))") }
        return PythonResult(events: count, cpu: cpu)
    }

    /// Prints, for chat and Anthropic, the official SDK's CPU per event and this SDK's on the main actor: the median
    /// of three runs each, the two interleaved (this VM's speed drifts by tens of percent within minutes).
    static func comparePython(python: String, events: Int, server: BenchServer, clients: Clients) async throws {
        say("Against the official Python SDKs (same sandbox process, same run; CPU per event, \(events) events, median of 3)")
        for (kind, name) in [(BenchmarkStream.chat, "openai-python"), (.anthropic, "anthropic-python")] {
            var theirs: [Double] = []
            var ours: [Double] = []
            for _ in 0..<3 {
                let python = try measurePython(kind, python: python, events: events, server: server)
                guard python.events >= events else { throw BenchError("\(name) read \(python.events) of \(events) events") }
                theirs.append(python.cpuMicrosPerEvent)
                ours.append(try await measureStream(kind, consumer: .mainActor, events: events, server: server, clients: clients).cpuMicrosPerEvent)
            }
            let (python, swift) = (Measure.percentile(theirs, 50), Measure.percentile(ours, 50))
            say("  " + pad(kind.rawValue, 11) + String(
                format: "%@ %.2f µs, SwiftAI on the main actor %.2f µs: %.1f × less CPU", name, python, swift, python / swift))
        }
    }
}
