import Foundation
import NIOCore

/// Finds one small text field in a `multipart/form-data` body (an audio upload's `model`) without parsing the
/// file parts: a search for the part's header, then its value up to the next boundary.
enum MultipartField {
    /// Values longer than this aren't model names; the field is then treated as absent.
    static let maximumValueLength = 256

    static func value(named name: String, in body: ByteBuffer, contentType: String) -> String? {
        guard let boundary = boundary(in: contentType) else { return nil }
        let delimiter = Array("\r\n--\(boundary)".utf8)
        return body.withUnsafeReadableBytes { bytes -> String? in
            for disposition in ["; name=\"\(name)\"\r\n", "; name=\"\(name)\";"] {
                guard let nameStart = find(Array(disposition.utf8), in: bytes, from: 0) else { continue }
                guard let headersEnd = find(Array("\r\n\r\n".utf8), in: bytes, from: nameStart + disposition.utf8.count - 2) else {
                    return nil
                }
                let valueStart = headersEnd + 4
                guard let valueEnd = find(delimiter, in: bytes, from: valueStart), valueEnd - valueStart <= maximumValueLength else {
                    return nil
                }
                return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[valueStart..<valueEnd]), as: UTF8.self)
            }
            return nil
        }
    }

    /// The `boundary` parameter of a `multipart/form-data` content type, quotes removed.
    static func boundary(in contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else { continue }
            let value = pair[1].trimmingCharacters(in: .whitespaces)
            let unquoted = value.hasPrefix("\"") && value.hasSuffix("\"") && value.count >= 2 ? String(value.dropFirst().dropLast()) : value
            return unquoted.isEmpty ? nil : unquoted
        }
        return nil
    }

    /// The offset of the first occurrence of `needle` at or after `start`.
    private static func find(_ needle: [UInt8], in haystack: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        var index = max(start, 0)
        let first = needle[0]
        while index <= haystack.count - needle.count {
            if haystack[index] == first, UnsafeRawBufferPointer(rebasing: haystack[index..<(index + needle.count)]).elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }
}
