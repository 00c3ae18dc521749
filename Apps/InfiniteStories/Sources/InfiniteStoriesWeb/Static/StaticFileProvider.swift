import Foundation
import Hummingbird

/// The app's stylesheet, script and icon as a file provider for Hummingbird's `FileMiddleware`, which answers
/// them with `ETag`, `Last-Modified`, `If-None-Match`/`If-Modified-Since` (304) and `Range`.
///
/// The files live in memory (``StaticFiles``): no build step, no resource bundle to find at run time. Their
/// modification date is the process's start, so a new version of the app gets new validators.
struct StaticFileProvider: FileProvider {
    struct Attributes: FileMiddlewareFileAttributes {
        var isFolder: Bool { false }
        let size: Int
        let modificationDate: Date
    }

    /// Files by URL path.
    let files: [String: ByteBuffer]
    let modificationDate = Date()

    init(_ files: [String: String] = StaticFiles.all) {
        self.files = files.mapValues { ByteBuffer(string: $0) }
    }

    /// `FileMiddleware` answering the files with their types, cached for an hour by the browser (and proxies:
    /// they carry no cookie and nothing private).
    static func middleware() -> FileMiddleware<WebRequestContext, StaticFileProvider> {
        FileMiddleware(fileProvider: StaticFileProvider(), cacheControl: CacheControl([(MediaType(type: .any), [CacheControl.CacheControlValue.public, .maxAge(3600)])]))
            .withAdditionalMediaTypes(forFileExtensions: [
                "css": MediaType(type: .text, subType: "css", parameter: ("charset", "utf-8")),
                "js": MediaType(type: .text, subType: "javascript", parameter: ("charset", "utf-8")),
                // Browsers ask for /favicon.ico on every site; the app's icon is SVG under that name.
                "ico": MediaType(type: .image, subType: "svg+xml"),
                "svg": MediaType(type: .image, subType: "svg+xml"),
                "webmanifest": MediaType(type: .application, subType: "manifest+json"),
            ])
    }

    func getFileIdentifier(_ path: String) -> String? { files[path] == nil ? nil : path }

    func getAttributes(id: String) async throws -> Attributes? {
        files[id].map { Attributes(size: $0.readableBytes, modificationDate: modificationDate) }
    }

    func loadFile(id: String, context: some RequestContext) async throws -> ResponseBody {
        guard let file = files[id] else { throw HTTPError(.notFound) }
        return ResponseBody(byteBuffer: file)
    }

    /// The bytes in `range`, clamped to the file (`FileMiddleware` passes `Int.max` for an open end).
    func loadFile(id: String, range: ClosedRange<Int>, context: some RequestContext) async throws -> ResponseBody {
        guard let file = files[id] else { throw HTTPError(.notFound) }
        let lower = max(0, range.lowerBound), upper = min(range.upperBound, file.readableBytes - 1)
        guard lower <= upper, let slice = file.getSlice(at: file.readerIndex + lower, length: upper - lower + 1) else {
            throw HTTPError(.rangeNotSatisfiable)
        }
        return ResponseBody(byteBuffer: slice)
    }
}
