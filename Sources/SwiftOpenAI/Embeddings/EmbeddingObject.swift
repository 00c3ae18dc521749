import AICore
import Foundation

/// An [embedding vector](https://platform.openai.com/docs/api-reference/embeddings/object).
///
/// Decodes both wire forms: a JSON array of numbers, and a base64 string of little-endian float32
/// values (`encoding_format: base64`), which is read straight into `[Float]`.
public struct EmbeddingObject: Codable, Sendable {
    /// Always "embedding".
    public let object: String
    /// The vector.
    public let embedding: [Float]
    /// The position of the input this vector belongs to.
    public let index: Int

    public init(object: String = "embedding", embedding: [Float], index: Int) {
        self.object = object
        self.embedding = embedding
        self.index = index
    }

    enum CodingKeys: String, CodingKey {
        case object, embedding, index
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        object = try container.decodeIfPresent(String.self, forKey: .object) ?? "embedding"
        index = try container.decode(Int.self, forKey: .index)
        if let base64 = try? container.decode(String.self, forKey: .embedding) {
            guard let vector = Self.floats(fromBase64: base64) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .embedding, in: container,
                    debugDescription: "The base64 embedding is not a whole number of float32 values.")
            }
            embedding = vector
        } else {
            embedding = try container.decode([Float].self, forKey: .embedding)
        }
    }

    /// Decodes base64 little-endian float32 values.
    static func floats(fromBase64 base64: String) -> [Float]? {
        guard let data = Data(base64Encoded: base64), data.count % 4 == 0 else { return nil }
        let count = data.count / 4
        return data.withUnsafeBytes { raw in
            [Float](unsafeUninitializedCapacity: count) { buffer, initialized in
                for index in 0..<count {
                    let bits = raw.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)
                    buffer[index] = Float(bitPattern: UInt32(littleEndian: bits))
                }
                initialized = count
            }
        }
    }
}
