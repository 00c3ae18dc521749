import Foundation
import HTTPTypes
import Hummingbird

extension Pages {
    /// A library file with its content type, answering `Range` requests (206, or 416 when unsatisfiable).
    func media(_ relativePath: String?, request: Request) throws -> Response {
        guard let relativePath else { throw HTTPError(.notFound) }
        let url = library.url(forFile: relativePath)
        // Mapped, not read: a player seeking through a story sends many Range requests for small slices.
        guard let data = try? Data(contentsOf: url, options: .alwaysMapped) else { throw HTTPError(.notFound) }
        return mediaResponse(data, type: contentType(forExtension: url.pathExtension), request: request)
    }

    func mediaResponse(_ data: Data, type: String, request: Request) -> Response {
        var headers: HTTPFields = [
            .contentType: type, .acceptRanges: "bytes",
            .cacheControl: "private, max-age=86400",
        ]
        switch ByteRangeRequest(header: request.headers[.range], length: data.count) {
        case .whole:
            headers[.contentLength] = String(data.count)
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
        case .partial(let range):
            headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound)/\(data.count)"
            headers[.contentLength] = String(range.count)
            return Response(
                status: .partialContent, headers: headers,
                body: .init(byteBuffer: ByteBuffer(bytes: data[data.startIndex + range.lowerBound...data.startIndex + range.upperBound])))
        case .unsatisfiable:
            headers[.contentRange] = "bytes */\(data.count)"
            return Response(status: .rangeNotSatisfiable, headers: headers)
        }
    }
}

func contentType(forExtension ext: String) -> String {
    switch ext.lowercased() {
    case "mp3": "audio/mpeg"
    case "png": "image/png"
    case "jpg", "jpeg": "image/jpeg"
    case "webp": "image/webp"
    case "wav": "audio/wav"
    case "aac": "audio/aac"
    default: "application/octet-stream"
    }
}
