import Foundation
import SwiftOpenAI

extension FaultMatrix {
    /// `docs/fault-matrix.md`: the table above as Markdown, one row per fault, one column per API.
    static func document() -> String {
        var lines = [
            "# Fault matrix",
            "",
            "Generated from `Tests/ReliabilityTests/FaultMatrix.swift` by `UPDATE_FAULT_MATRIX=1 swift test --filter FaultMatrixTests`;",
            "the suite fails when this file and the table differ. Every cell runs on AsyncHTTPClient and on URLSession",
            "(both on Linux) against AISandbox over loopback, with 2 retries and a short backoff, and asserts the outcome,",
            "the requests the server saw, what was delivered before the fault (against the same call without it),",
            "the time taken and, where marked, that the connection was closed within 2 s.",
            "",
            "A cell reads: the outcome (`ok`, the `APIError.Kind`, or `cancelled`) · requests seen · what was delivered",
            "(`all`; `first n` deltas exactly; `prefix` of the answer; `—` nothing) · `⊘` the connection is closed.",
            "",
            "| fault | " + API.allCases.map(\.rawValue).joined(separator: " | ") + " |",
            "|---|" + API.allCases.map { _ in "---|" }.joined(),
        ]
        var notes: [String] = []
        for fault in Fault.allCases {
            var cells: [String] = []
            for api in API.allCases {
                if let reason = notApplicable(api, fault) {
                    let number = notes.firstIndex(of: reason).map { $0 + 1 } ?? { notes.append(reason); return notes.count }()
                    cells.append("n/a[\(number)]")
                } else {
                    cells.append(describe(expected(api, fault)))
                }
            }
            lines.append("| \(fault.title) | " + cells.joined(separator: " | ") + " |")
        }
        lines.append("")
        lines.append("Not applicable:")
        for (index, note) in notes.enumerated() { lines.append("\(index + 1). \(note)") }
        let exceptions = Fault.allCases.flatMap { fault in
            API.allCases.compactMap { api -> String? in
                guard notApplicable(api, fault) == nil, let (count, reason) = expected(api, fault).urlSessionAttempts else { return nil }
                return "- \(api.rawValue) × \(fault.title): \(count) requests may be seen on URLSession — \(reason)."
            }
        }
        if !exceptions.isEmpty {
            lines.append("")
            lines.append("Transport differences:")
            lines += exceptions
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func describe(_ expected: Expected) -> String {
        let outcome: String
        switch expected.outcome {
        case .success: outcome = "ok"
        case .failure(let kind): outcome = kind.rawValue
        case .cancelled: outcome = "cancelled"
        }
        let delivered: String
        switch expected.delivered {
        case .all: delivered = "all"
        case .first(let count): delivered = "first \(count)"
        case .prefix: delivered = "prefix"
        case .nothing: delivered = "—"
        }
        let attempts = expected.attempts.map(String.init) ?? "0"
        return "\(outcome) · \(attempts) · \(delivered)" + (expected.closesConnection ? " ⊘" : "")
    }
}
