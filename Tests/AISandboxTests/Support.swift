import AIServerKit
import Foundation

@testable import AISandbox

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The body bytes of a plan (events joined).
func bodyBytes(_ plan: ResponsePlan) -> [UInt8] {
    switch plan.body {
    case .full(let bytes): bytes
    case .events(let events): events.flatMap { $0 }
    case .repeated, .live: []
    }
}

/// The JSON object of a plan's body.
func bodyJSON(_ plan: ResponsePlan) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(bodyBytes(plan)))) as? [String: Any] ?? [:]
}

/// The JSON payloads of the `data:` lines of a plan's event stream (`[DONE]` left out).
func eventPayloads(_ bytes: [UInt8]) -> [[String: Any]] {
    String(decoding: bytes, as: UTF8.self).components(separatedBy: "\n").compactMap { line in
        guard line.hasPrefix("data: "), line != "data: [DONE]" else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(line.dropFirst(6).utf8))) as? [String: Any]
    }
}

/// GETs a URL without credentials.
func get(_ url: URL) async throws -> (Int, Data) {
    let (data, response) = try await URLSession.shared.data(for: URLRequest(url: url))
    return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
}

extension SchemaSample {
    /// The JSON text of a value for `schema`, written as Foundation objects the way these tests write schemas.
    static func json(schema: [String: Any]) -> String {
        json(schema: JSON(foundationObject: schema) ?? [:])
    }
}
