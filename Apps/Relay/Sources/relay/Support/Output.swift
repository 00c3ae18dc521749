import Foundation

/// What the commands print: plain lines on standard output, notes on standard error, tables, JSON.
enum Output {
    /// A note for the operator on standard error, so that standard output stays what a script reads.
    static func note(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Columns padded to their widest cell, a header line and a separator line of dashes; numbers are given
    /// already formatted.
    static func table(_ header: [String], _ rows: [[String]]) -> String {
        let widths = header.indices.map { column in
            ([header] + rows).map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index == cells.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }
        let separator = widths.map { String(repeating: "-", count: $0) }
        return ([line(header), line(separator)] + rows.map(line)).joined(separator: "\n")
    }

    /// Pretty-printed JSON with sorted keys and ISO 8601 dates, as every `--json` output is written.
    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// Micro-USD as dollars with 4 decimals (`0.0123`): enough to see the cost of a few requests.
    static func dollars(_ microUSD: Int64) -> String {
        let sign = microUSD < 0 ? "-" : ""
        let magnitude = microUSD.magnitude
        let whole = magnitude / 1_000_000
        let fraction = (magnitude % 1_000_000 + 50) / 100
        return fraction >= 10_000
            ? "\(sign)\(whole + 1).0000"
            : "\(sign)\(whole)." + String(repeating: "0", count: 4 - String(fraction).count) + String(fraction)
    }
}
