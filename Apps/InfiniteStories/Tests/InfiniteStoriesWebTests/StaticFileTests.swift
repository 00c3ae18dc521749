import Foundation
import HTTPTypes
@testable import InfiniteStoriesWeb
import Testing

@Suite("Static files")
struct StaticFileTests {
    @Test("The stylesheet, script and icon come with validators: 304 for a known ETag, 206 for a range, no cookie")
    func validators() async throws {
        try await WebHarness.run { _, browser in
            let css = try await browser.get("/static/app.css")
            #expect(css.status == .ok)
            #expect(css.contentType == "text/css; charset=utf-8")
            #expect(css.headers[.cacheControl] == "public, max-age=3600")
            #expect(css.headers[values: .setCookie].isEmpty, "a publicly cached answer carries no cookie")
            #expect(css.text == StaticFiles.css)
            let etag = try #require(css.headers[.eTag])
            #expect(css.headers[.lastModified] != nil)
            let again = try await browser.get("/static/app.css", headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)
            #expect(again.bytes.isEmpty)
            let part = try await browser.get("/static/app.js", headers: [.range: "bytes=0-9"])
            #expect(part.status == .partialContent)
            #expect(part.text == String(StaticFiles.js.prefix(10)))
            let icon = try await browser.get("/favicon.ico")
            #expect(icon.contentType == "image/svg+xml")
            #expect(try await browser.get("/static/nothing.css").status == .notFound)
        }
    }
}
