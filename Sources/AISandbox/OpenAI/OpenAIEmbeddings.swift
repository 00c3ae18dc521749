import Foundation

/// `/v1/embeddings`: deterministic vectors, as floats or base64 little-endian float32.
enum OpenAIEmbeddings {
    static func respond(to body: [String: Any]) -> ResponsePlan {
        let inputs: [String]
        switch body["input"] {
        case let text as String: inputs = [text]
        case let texts as [String]: inputs = texts
        case let tokens as [Int]: inputs = [tokens.map(String.init).joined(separator: " ")]
        case let batches as [[Int]]: inputs = batches.map { $0.map(String.init).joined(separator: " ") }
        default:
            return .error(status: 400, message: "'input' is a required property", type: "invalid_request_error", param: "input")
        }
        let dimensions = body["dimensions"] as? Int ?? 8
        let base64 = body["encoding_format"] as? String == "base64"
        let data: [[String: Any]] = inputs.enumerated().map { index, text in
            let vector = self.vector(for: text, dimensions: dimensions)
            let embedding: Any = base64 ? encodeBase64(vector) : vector.map { Double($0) }
            return ["object": "embedding", "index": index, "embedding": embedding]
        }
        let tokens = inputs.reduce(0) { $0 + SandboxText.countTokens($1) }
        return .json([
            "object": "list", "data": data, "model": body["model"] as? String ?? "text-embedding-3-small",
            "usage": ["prompt_tokens": tokens, "total_tokens": tokens],
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
