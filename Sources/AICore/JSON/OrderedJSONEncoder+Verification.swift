import Foundation

#if DEBUG
extension OrderedJSONEncoder {
    /// In debug test runs every request body is compared with what `JSONEncoder` writes (as JSON values, since
    /// only the key order may differ), so every test that sends a request is a differential test of this
    /// encoder.
    package static func verify<T: Encodable>(_ value: T, encoded data: Data) throws {
        let reference = try APIRequest.jsonEncoder.encode(value)
        let ours = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        let theirs = try JSONSerialization.jsonObject(with: reference, options: [.fragmentsAllowed])
        guard NSDictionary(dictionary: ["v": ours]).isEqual(to: ["v": theirs]) else {
            throw EncodingError.invalidValue(
                value,
                .init(
                    codingPath: [],
                    debugDescription: "OrderedJSONEncoder and JSONEncoder disagree on \(T.self): "
                        + "\(String(decoding: data.prefix(400), as: UTF8.self)) vs \(String(decoding: reference.prefix(400), as: UTF8.self))"))
        }
    }
}
#endif
