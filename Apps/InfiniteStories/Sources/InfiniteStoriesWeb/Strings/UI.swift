import Foundation
import Hummingbird
import InfiniteStories

/// The interface text in the visitor's language: en, es, fr, de or it, one table per language.
struct UI: Sendable {
    /// The interface language code: en, es, fr, de or it.
    let code: String

    static let codes = ["en", "es", "fr", "de", "it"]

    /// The tables by language code. Every table has every key (a test checks it); were one missing anyway, the
    /// English text is shown rather than nothing.
    static let tables: [String: [Key: String]] = [
        "en": english, "es": spanish, "fr": french, "de": german, "it": italian,
    ]

    /// `?lang=` first, then the first supported language in `Accept-Language`, then English.
    init(query: String?, acceptLanguage: String?) {
        if let query, Self.codes.contains(query.lowercased()) {
            code = query.lowercased()
            return
        }
        for part in (acceptLanguage ?? "").split(separator: ",") {
            let tag = part.split(separator: ";")[0].trimmingCharacters(in: .whitespaces).lowercased()
            let primary = String(tag.prefix(2))
            if Self.codes.contains(primary) {
                code = primary
                return
            }
        }
        code = "en"
    }

    /// The language a request asks for: `?lang=`, then the `is_lang` cookie (the last switch), then
    /// `Accept-Language`.
    init(_ request: Request) {
        let query = request.uri.queryParameters["lang"].map(String.init)
        self.init(query: query ?? request.cookies[Self.cookieName]?.value, acceptLanguage: request.headers[.acceptLanguage])
    }

    /// The cookie that remembers the language chosen with `?lang=`.
    static let cookieName = "is_lang"

    /// The story language name matching the interface language ("Spanish" for es).
    var storyLanguage: String { languageCodeToSupported(code) }

    subscript(_ key: Key) -> String {
        Self.tables[code]?[key] ?? Self.english[key] ?? "\(key)"
    }
}
