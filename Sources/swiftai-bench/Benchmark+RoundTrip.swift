import Foundation
import SwiftOpenAI

#if SWIFTAI_NIO
import AsyncHTTPClient
#endif

extension Benchmark {
    /// Round trips of `GET /v1/models` (a ~1 KB JSON answer) through the SDK (request building, headers,
    /// retries armed, decoding) and through a bare AsyncHTTPClient request that only collects the bytes, taken
    /// in turns. Returns the samples in µs, or nil for the raw side where AsyncHTTPClient isn't available.
    static func roundTrips(requests: Int, server: BenchServer, clients: Clients) async throws -> (sdk: [Double], raw: [Double]?) {
        var sdk: [Double] = []
        #if SWIFTAI_NIO
        var raw: [Double] = []
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        var request = HTTPClientRequest(url: server.baseURL + "/v1/models")
        request.headers.add(name: "Authorization", value: "Bearer sk-bench")
        #endif
        for index in 0..<requests + 50 {
            var started = Measure.wallSeconds()
            let models = try await clients.openAI.listModels()
            if index >= 50 { sdk.append((Measure.wallSeconds() - started) * 1e6) }
            guard !models.data.isEmpty else { throw BenchError("no models") }
            #if SWIFTAI_NIO
            started = Measure.wallSeconds()
            let response = try await client.execute(request, timeout: .seconds(30))
            let body = try await response.body.collect(upTo: 1 << 20)
            if index >= 50 { raw.append((Measure.wallSeconds() - started) * 1e6) }
            guard response.status == .ok, body.readableBytes > 0 else { throw BenchError("raw request failed") }
            #endif
        }
        #if SWIFTAI_NIO
        try await client.shutdown()
        return (sdk, raw)
        #else
        return (sdk, nil)
        #endif
    }
}
