import Foundation
import HTTPTypes
import Hummingbird
import InfiniteStoriesStore

/// Narrations and pictures answered from memory with `Range` support (206, or 416 when unsatisfiable), so a
/// player can seek.
///
/// Hummingbird's `FileMiddleware` is not used here although it answers ranges: these files are found through
/// the library's database (their names are not in the URL), voice previews exist only in memory, and its
/// range parser (2.28) reads `bytes=-50` as the first 51 bytes rather than the last 50 (RFC 9110 §14.1.2) and
/// never answers 416 for a range that starts past the end. ``ByteRangeRequest`` implements the RFC; the route
/// tests hold both cases.
struct MediaResponse {
    let data: Data
    let contentType: String

    func response(_ request: Request) -> Response {
        var headers: HTTPFields = [
            .contentType: contentType, .acceptRanges: "bytes",
            .cacheControl: "private, max-age=86400",
        ]
        switch ByteRangeRequest(header: request.headers[.range], length: data.count) {
        case .whole:
            headers[.contentLength] = String(data.count)
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
        case .partial(let range):
            headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound)/\(data.count)"
            headers[.contentLength] = String(range.count)
            let slice = data[data.startIndex + range.lowerBound...data.startIndex + range.upperBound]
            return Response(status: .partialContent, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: slice)))
        case .unsatisfiable:
            headers[.contentRange] = "bytes */\(data.count)"
            return Response(status: .rangeNotSatisfiable, headers: headers)
        }
    }
}

/// A file of the library (a story's narration or picture, a hero's avatar), by its library-relative path.
struct MediaFile {
    let library: StoryLibrary
    let path: String?

    /// The file's bytes with its content type; 404 when there is no file.
    func response(_ request: Request) throws -> Response {
        guard let path else { throw HTTPError(.notFound) }
        let url = library.url(forFile: path)
        // Mapped, not read: a player seeking through a story sends many Range requests for small slices.
        guard let data = try? Data(contentsOf: url, options: .alwaysMapped) else { throw HTTPError(.notFound) }
        let type = MediaType.getMediaType(forExtension: url.pathExtension.lowercased())?.description
        return MediaResponse(data: data, contentType: type ?? "application/octet-stream").response(request)
    }
}
