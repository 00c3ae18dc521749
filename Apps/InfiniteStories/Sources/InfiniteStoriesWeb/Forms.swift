import Foundation

/// A decoded `application/x-www-form-urlencoded` body or query string.
struct FormData: Sendable {
    private(set) var pairs: [(String, String)] = []

    init(_ encoded: String) {
        for part in encoded.split(separator: "&", omittingEmptySubsequences: true) {
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decode(pieces[0])
            let value = pieces.count > 1 ? Self.decode(pieces[1]) : ""
            pairs.append((name, value))
        }
    }

    subscript(_ name: String) -> String? { pairs.first { $0.0 == name }?.1 }

    /// The same form with `name` set to `value`.
    func replacing(_ name: String, with value: String) -> FormData {
        var copy = self
        copy.pairs.removeAll { $0.0 == name }
        copy.pairs.append((name, value))
        return copy
    }

    /// The value trimmed, nil when missing or blank.
    func text(_ name: String) -> String? {
        guard let value = self[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
        return value
    }

    private static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
