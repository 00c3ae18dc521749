/// One HTTP `Range: bytes=…` request, resolved against a file's length.
enum ByteRangeRequest: Equatable, Sendable {
    /// No usable range header: answer the whole file with 200.
    case whole
    /// A satisfiable range, inclusive bounds: answer 206.
    case partial(ClosedRange<Int>)
    /// A range outside the file: answer 416.
    case unsatisfiable

    /// Parses `bytes=a-b`, `bytes=a-` and `bytes=-n` (one range; several ranges are answered whole, which
    /// RFC 9110 allows). A malformed header is ignored, as the RFC asks.
    init(header: String?, length: Int) {
        guard let header = header?.trimmingCharacters(in: .whitespaces), header.lowercased().hasPrefix("bytes=") else {
            self = .whole
            return
        }
        let spec = header.dropFirst("bytes=".count)
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else {
            self = .whole
            return
        }
        let startText = spec[..<dash].trimmingCharacters(in: .whitespaces)
        let endText = spec[spec.index(after: dash)...].trimmingCharacters(in: .whitespaces)
        if startText.isEmpty {
            // Suffix: the last n bytes.
            guard let suffix = Int(endText), suffix >= 0 else { self = .whole; return }
            guard suffix > 0, length > 0 else { self = .unsatisfiable; return }
            self = .partial(max(0, length - suffix)...(length - 1))
            return
        }
        guard let start = Int(startText), start >= 0 else { self = .whole; return }
        var end = length - 1
        if !endText.isEmpty {
            guard let parsed = Int(endText), parsed >= start else { self = .whole; return }
            end = min(parsed, length - 1)
        }
        guard start < length else { self = .unsatisfiable; return }
        self = .partial(start...end)
    }
}

import Foundation
