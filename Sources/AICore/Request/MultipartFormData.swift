import Foundation

/// A `multipart/form-data` body (RFC 7578), for file, audio and image uploads.
package struct MultipartFormData: Sendable {
    /// The boundary between parts; random unless given.
    package let boundary: String
    private var body = Data()

    package init(boundary: String = "SwiftAI-" + UUID().uuidString) {
        self.boundary = boundary
    }

    /// The `Content-Type` header value for this body.
    package var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// Adds a text field.
    package mutating func append(name: String, value: String) {
        appendHeader(disposition: "form-data; name=\"\(Self.escape(name))\"", contentType: nil)
        body.append(Data(value.utf8))
        body.append(Data("\r\n".utf8))
    }

    /// Adds a text field when `value` is not nil.
    package mutating func append(name: String, value: (some CustomStringConvertible)?) {
        if let value { append(name: name, value: value.description) }
    }

    /// Adds a file part.
    package mutating func append(name: String, filename: String, contentType: String, data: Data) {
        appendHeader(
            disposition: "form-data; name=\"\(Self.escape(name))\"; filename=\"\(Self.escape(filename))\"",
            contentType: contentType)
        body.append(data)
        body.append(Data("\r\n".utf8))
    }

    /// The encoded body, closed with the final boundary.
    package func encoded() -> Data {
        var result = body
        result.append(Data("--\(boundary)--\r\n".utf8))
        return result
    }

    private mutating func appendHeader(disposition: String, contentType: String?) {
        var header = "--\(boundary)\r\nContent-Disposition: \(disposition)\r\n"
        if let contentType { header += "Content-Type: \(contentType)\r\n" }
        header += "\r\n"
        body.append(Data(header.utf8))
    }

    /// Escapes a quoted parameter as browsers do (RFC 7578 §4.2): `"` as %22, CR and LF as %0D and %0A.
    private static func escape(_ value: String) -> String {
        value.replacingOccurrences(of: "\"", with: "%22")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }
}
