import Foundation

/// Decodes `Decodable` types from JSON like `JSONDecoder` with its default strategies, several times faster.
///
/// `JSONDecoder` spends most of its time building a `[String: Value]` dictionary for every keyed container
/// and allocating coding paths; stream chunks pay that for every event. This decoder validates the text in
/// one pass into a flat tape of tokens, finds keys by comparing bytes, and reuses one decoder object for
/// nested values. See `FastJSONDecoder+*.swift`.
///
/// `JSONDecoder` remains the reference. Models decode unions with `try?`, so any error thrown where
/// JSONDecoder wouldn't throw (or the reverse) would silently change a result: the fast path only throws
/// errors it knows JSONDecoder throws in the same place (type mismatch, null, missing key, a number the
/// type can't hold). Anything it can't guarantee (text it doesn't accept, `Decimal`, 128-bit integers,
/// integers past 2^53 written with a fraction, base64 it refuses) marks the decode, and the whole document
/// is decoded again by `JSONDecoder`. A decode that fails is also redone by `JSONDecoder`, so errors reaching
/// callers are exactly `JSONDecoder`'s.
@usableFromInline
package struct FastJSONDecoder: Sendable {
    @usableFromInline
    package init() {}

    /// Decodes `type` from `data`: the same result as `JSONDecoder().decode(type, from: data)`, or its error.
    ///
    /// In debug builds with ``DecodeVerification/shared`` on (this project's tests turn it on) every result is
    /// checked against `JSONDecoder`'s, so every payload those tests decode is a differential test of this decoder.
    package func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try decode(type, from: data, verification: .shared)
    }

    /// ``decode(_:from:)`` consulting `verification` rather than the shared switch (for the switch's own tests).
    package func decode<T: Decodable>(_ type: T.Type, from data: Data, verification: DecodeVerification) throws -> T {
        let value = try decodeFastOrReference(type, from: data)
        #if DEBUG
        if verification.isOn { try Self.verify(value, from: data) }
        #endif
        return value
    }

    private func decodeFastOrReference<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        var handedOver = false
        do {
            return try data.withUnsafeBytes { raw in
                try Self.decode(type, from: raw) {
                    handedOver = true
                    return try JSONDecoder().decode(type, from: data)
                }
            }
        } catch where !handedOver {
            // The fast path failed: JSONDecoder's result (normally the same failure, with its message).
            return try JSONDecoder().decode(type, from: data)
        }
    }

    /// The fast path's own result, or nil where `decode` hands the document to JSONDecoder (a failure, or
    /// something it can't decode exactly as JSONDecoder). For tests and benchmarks.
    package func fastPathResult<T: Decodable>(_ type: T.Type, from data: Data) -> T? {
        try? data.withUnsafeBytes { raw in try Self.decode(type, from: raw) { throw Unsupported() } }
    }

    /// The fast path: throws for any failure, whether JSONDecoder would fail too or not, and calls `reference`
    /// for documents it leaves to JSONDecoder.
    private static func decode<T: Decodable>(
        _ type: T.Type, from raw: UnsafeRawBufferPointer, reference: () throws -> T
    ) throws -> T {
        guard let document = Document(parsing: raw) else { return try reference() }
        var decoder = DecoderImpl(document: document)
        defer {
            // A decoder or container kept past the decode (by the value, say) must not read `raw` afterwards.
            if !isKnownUniquelyReferenced(&decoder) || document.hasSuperDecoders { document.ownBytes() }
        }
        let value = try decoder.unwrap(0, as: type, parent: CodingPathArena.root)
        guard !document.needsFallback else { return try reference() }
        return value
    }
}
