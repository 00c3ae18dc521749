import Foundation

/// A minimal `multipart/form-data` parser for uploads the sandbox receives (written independently of the SDK's encoder).
package enum Multipart {
    package struct Part {
        package var name: String
        package var filename: String?
        package var contentType: String?
        package var data: Data
    }

    package static func parse(_ body: Data, contentType: String?) -> [Part]? {
        guard let contentType, contentType.lowercased().hasPrefix("multipart/form-data"),
            let range = contentType.range(of: "boundary=")
        else { return nil }
        let boundary = contentType[range.upperBound...].split(separator: ";").first.map {
            $0.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
        } ?? ""
        guard !boundary.isEmpty else { return nil }
        let bytes = [UInt8](body)
        let delimiter = Array("--\(boundary)".utf8)
        let separator = Array("\r\n--\(boundary)".utf8)
        guard var position = find(delimiter, in: bytes, from: 0) else { return nil }
        position += delimiter.count
        var parts: [Part] = []
        while position + 2 <= bytes.count {
            if bytes[position] == 0x2D, bytes[position + 1] == 0x2D { return parts }
            guard bytes[position] == 0x0D, bytes[position + 1] == 0x0A else { return nil }
            position += 2
            guard let headerEnd = find(Array("\r\n\r\n".utf8), in: bytes, from: position),
                let next = find(separator, in: bytes, from: headerEnd + 4)
            else { return nil }
            let headers = String(decoding: bytes[position..<headerEnd], as: UTF8.self)
            var part = Part(name: "", filename: nil, contentType: nil, data: Data(bytes[(headerEnd + 4)..<next]))
            for line in headers.components(separatedBy: "\r\n") {
                let lower = line.lowercased()
                if lower.hasPrefix("content-disposition:") {
                    part.name = parameter("name", in: line) ?? ""
                    part.filename = parameter("filename", in: line)
                } else if lower.hasPrefix("content-type:") {
                    part.contentType = line.dropFirst("content-type:".count).trimmingCharacters(in: .whitespaces)
                }
            }
            parts.append(part)
            position = next + separator.count
        }
        return nil
    }

    private static func parameter(_ name: String, in line: String) -> String? {
        guard let range = line.range(of: "; \(name)=\"") else { return nil }
        let rest = line[range.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end]).replacingOccurrences(of: "%22", with: "\"")
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        var index = start
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == needle[0], Array(haystack[index..<(index + needle.count)]) == needle { return index }
            index += 1
        }
        return nil
    }
}
