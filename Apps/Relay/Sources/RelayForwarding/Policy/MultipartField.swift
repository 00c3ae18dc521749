import Foundation
import NIOCore

/// Finds one small text field in a `multipart/form-data` body (an audio upload's `model`) without decoding the
/// file parts: the body is walked part by part along its boundary (which a part's content can't contain), and only
/// each part's headers are read.
enum MultipartField {
    /// Values longer than this aren't model names; the field is then treated as absent.
    static let maximumValueLength = 256

    static func value(named name: String, in body: ByteBuffer, contentType: String) -> String? {
        guard let boundary = boundary(in: contentType) else { return nil }
        let delimiter = Array("--\(boundary)".utf8)
        let separator = Array("\r\n--\(boundary)".utf8)
        let headersEnd = Array("\r\n\r\n".utf8)
        let wanted = Array("; name=\"\(name)\"".utf8)
        return body.withUnsafeReadableBytes { bytes -> String? in
            guard var partStart = find(delimiter, in: bytes, from: 0).map({ $0 + delimiter.count }) else { return nil }
            while partStart + 2 <= bytes.count, bytes[partStart] != UInt8(ascii: "-") || bytes[partStart + 1] != UInt8(ascii: "-") {
                guard let headerEnd = find(headersEnd, in: bytes, from: partStart) else { return nil }
                let valueStart = headerEnd + headersEnd.count
                guard let valueEnd = find(separator, in: bytes, from: valueStart) else { return nil }
                let headers = UnsafeRawBufferPointer(rebasing: bytes[partStart..<headerEnd])
                if let nameAt = find(wanted, in: headers, from: 0) {
                    let after = nameAt + wanted.count
                    let ends = after == headers.count || headers[after] == UInt8(ascii: ";") || headers[after] == UInt8(ascii: "\r")
                    if ends {
                        guard valueEnd - valueStart <= maximumValueLength else { return nil }
                        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[valueStart..<valueEnd]), as: UTF8.self)
                    }
                }
                partStart = valueEnd + separator.count
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
