import AICore
import AISandbox
import Foundation
import SwiftOpenAI

extension Benchmark {
    /// Milliseconds to decode an embeddings response of 100 vectors × 3,072 dimensions, with the given decoder,
    /// as JSON numbers and as base64 float32 (`encoding_format: base64`), best of three.
    static func embeddingsDecode(_ decode: (Data) throws -> OpenAIResponse<EmbeddingObject>) throws -> (floats: Double, base64: Double) {
        var generator = SplitMix64(seed: 42)
        let vectors = (0..<100).map { _ in (0..<3072).map { _ in Float(generator.unit() * 0.2 - 0.1) } }
        func body(_ embedding: (([Float]) -> String)) -> Data {
            let items = vectors.enumerated().map { index, vector in
                #"{"object":"embedding","index":\#(index),"embedding":\#(embedding(vector))}"#
            }
            return Data(#"{"object":"list","data":[\#(items.joined(separator: ","))],"model":"text-embedding-3-large","usage":{"prompt_tokens":800,"total_tokens":800}}"#.utf8)
        }
        let floats = body { "[" + $0.map { String($0) }.joined(separator: ",") + "]" }
        let base64 = body { vector in
            let bytes = vector.withUnsafeBufferPointer { Data(buffer: $0) }
            return "\"\(bytes.base64EncodedString())\""
        }
        func best(_ data: Data) throws -> Double {
            var best = Double.infinity
            for _ in 0..<3 {
                let started = Measure.cpuSeconds()
                let response = try decode(data)
                best = min(best, Measure.cpuSeconds() - started)
                guard response.data.count == 100, response.data[99].embedding.count == 3072 else {
                    throw BenchError("embeddings decoded wrong")
                }
            }
            return best * 1000
        }
        return (try best(floats), try best(base64))
    }
}
