import Foundation

/// The switch that makes every decode (and request encode) a differential test against Foundation's coders.
///
/// Off unless code turns it on: this project's test targets do, in their shared helpers, so every response and
/// stream event any of their tests sees checks the fast decoder against `JSONDecoder`. It used to turn itself on
/// in any debug process named like a test runner — every downstream app's own `swift test` then decoded each
/// payload twice and threw on a mismatch: behaviour must not depend on how the host process is named or run.
/// Only debug builds verify; in release builds the switch has no effect.
package final class DecodeVerification: Sendable {
    /// The switch ``FastJSONDecoder/decode(_:from:)``, the hand-written readers and request encoding consult.
    package static let shared = DecodeVerification()

    private let isOnValue = LockedValue(false)

    /// A switch that is off (the shared one starts like this; tests make their own to check it).
    package init() {}

    /// Whether decodes are verified (debug builds only).
    package var isOn: Bool {
        #if DEBUG
        isOnValue.current
        #else
        false
        #endif
    }

    /// Turns verification on, for the rest of the process.
    package func turnOn() { isOnValue.withLock { $0 = true } }
}

extension FastJSONDecoder {
    /// Whether every decode is checked against `JSONDecoder`: ``DecodeVerification/shared`` is on.
    package static var verifiesEveryDecode: Bool { DecodeVerification.shared.isOn }
}

#if DEBUG
extension FastJSONDecoder {

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
