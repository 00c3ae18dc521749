import Foundation

#if DEBUG
extension FastJSONDecoder {
    /// Whether every decode is checked against `JSONDecoder`: in debug builds of a test runner (so every
    /// response and stream event that any test sees is a differential test of the fast decoder), or when
    /// `SWIFTAI_VERIFY_DECODING=1`; `SWIFTAI_VERIFY_DECODING=0` turns it off.
    package static let verifiesEveryDecode: Bool = {
        if let flag = ProcessInfo.processInfo.environment["SWIFTAI_VERIFY_DECODING"] { return flag == "1" }
        return CommandLine.arguments.first.map { $0.hasSuffix(".xctest") || $0.hasSuffix("PackageTests") } ?? false
    }()

    /// Throws a `DecodingError` naming the type when `JSONDecoder` fails on `data` or decodes a value whose
    /// JSON (sorted keys) differs from that of `value`, the fast decoder's result. Only `Encodable` types are
    /// compared (a description would differ on dictionary order and object addresses).
    package static func verify<T: Decodable>(_ value: T, from data: Data) throws {
        guard let value = value as? any Encodable else { return }
        let reference: T
        do {
            reference = try JSONDecoder().decode(T.self, from: data)
        } catch {
            throw mismatch(T.self, data, "JSONDecoder fails (\(error))")
        }
        guard let reference = reference as? any Encodable else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let ours = (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "unencodable"
        let theirs = (try? encoder.encode(reference)).map { String(decoding: $0, as: UTF8.self) } ?? "unencodable"
        guard ours == theirs else { throw mismatch(T.self, data, "fast: \(ours.prefix(600)), JSONDecoder: \(theirs.prefix(600))") }
    }

    private static func mismatch<T>(_ type: T.Type, _ data: Data, _ detail: String) -> DecodingError {
        DecodingError.dataCorrupted(
            .init(
                codingPath: [],
                debugDescription: "FastJSONDecoder and JSONDecoder disagree on \(T.self) from "
                    + "\(String(decoding: data.prefix(300), as: UTF8.self)): \(detail)"))
    }
}
#endif
