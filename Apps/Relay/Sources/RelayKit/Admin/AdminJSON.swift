import Foundation
import Hummingbird

/// JSON in and out of the admin API: ISO-8601 dates, sorted keys, errors as `{"error": {"message": …}}`.
enum AdminJSON {
    static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return Response(
            status: status, headers: [.contentType: "application/json"],
            body: .init(byteBuffer: .init(bytes: try encoder.encode(value))))
    }

    static func error(_ status: HTTPResponse.Status, _ message: String) -> Response {
        let body = (try? JSONSerialization.data(withJSONObject: ["error": ["message": message]])) ?? Data()
        return Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: .init(bytes: body)))
    }

    static func decode<T: Decodable>(_ type: T.Type, from request: Request, limit: Int = 1 << 20) async throws -> T {
        let buffer = try await request.body.collect(upTo: limit)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try decoder.decode(T.self, from: Data(buffer: buffer))
        } catch {
            throw HTTPError(.badRequest, message: "The body is not valid JSON for this request: \(error)")
        }
    }
}
