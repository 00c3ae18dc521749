import AIServerKit
import Foundation

/// `/v1/embeddings`: deterministic vectors, as floats or base64 little-endian float32.
enum OpenAIEmbeddings {
    static func respond(to body: JSON) -> ResponsePlan {
        let inputs: [String]
        let input = body["input"]
        if let text = input?.string {
            inputs = [text]
        } else if let texts = input?.strings {
            inputs = texts
        } else if let tokens = input?.integers {
            inputs = [tokens.map(String.init).joined(separator: " ")]
        } else if let batches = input?.array?.map(\.integers), !batches.contains(where: { $0 == nil }) {
            inputs = batches.map { $0!.map(String.init).joined(separator: " ") }
        } else {
            return .error(status: 400, message: "'input' is a required property", type: "invalid_request_error", param: "input")
        }
        let dimensions = body["dimensions"]?.int ?? 8
        let base64 = body["encoding_format"]?.string == "base64"
        let data: [JSON] = inputs.enumerated().map { index, text in
            let vector = self.vector(for: text, dimensions: dimensions)
            let embedding: JSON = base64 ? .string(encodeBase64(vector)) : .array(vector.map { .double(Double($0)) })
            return ["object": "embedding", "index": .int(index), "embedding": embedding]
        }
        let tokens = inputs.reduce(0) { $0 + SandboxText.countTokens($1) }
        return .json([
            "object": "list", "data": .array(data), "model": .string(body["model"]?.string ?? "text-embedding-3-small"),
            "usage": ["prompt_tokens": .int(tokens), "total_tokens": .int(tokens)],
        ])
    }

    /// A unit-free deterministic vector for `text`; values are exact in float32.
    static func vector(for text: String, dimensions: Int) -> [Float] {
        let seed = SandboxText.hash(text)
        return (0..<dimensions).map { index in
            let bits = (seed >> UInt64((index * 7) % 56)) & 0xFF
            return (Float(bits) - 128) / 256
        }
    }

    static func encodeBase64(_ vector: [Float]) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(vector.count * 4)
        for value in vector {
            let bits = value.bitPattern
            bytes.append(UInt8(bits & 0xFF))
            bytes.append(UInt8((bits >> 8) & 0xFF))
            bytes.append(UInt8((bits >> 16) & 0xFF))
            bytes.append(UInt8((bits >> 24) & 0xFF))
        }
        return Data(bytes).base64EncodedString()
    }
}
