import AICore
import Foundation

/// A page of a list that continues by an opaque cursor: pass ``nextPage`` as the `page` of the next call.
///
/// Skills and the Managed Agents resources list this way; message batches, models and files list by ids
/// (``AnthropicPage``).
public struct AnthropicCursorPage<Element: Codable & Sendable>: Codable, Sendable {
    /// The items of this page, in the order the endpoint lists them.
    public let data: [Element]
    /// The cursor of the next page; nil on the last page.
    public let nextPage: String?
    /// The cursor of the previous page, where the list can be walked backwards; nil otherwise.
    public let prevPage: String?

    /// A page, e.g. for a test double.
    public init(data: [Element], nextPage: String? = nil, prevPage: String? = nil) {
        self.data = data
        self.nextPage = nextPage
        self.prevPage = prevPage
    }

    enum CodingKeys: String, CodingKey {
        case data
        case nextPage = "next_page"
        case prevPage = "prev_page"
    }
}

/// Every item of a paginated Anthropic list, page after page, fetched as the sequence is consumed.
///
/// ```swift
/// for try await skill in service.allSkills() { print(skill.id) }
/// ```
///
/// A page is requested only when the items before it have been read, so breaking out of the loop stops the
/// requests. Errors are thrown from the loop at the page that failed, after every item of the pages before it.
public struct AnthropicPageSequence<Element: Sendable>: AsyncSequence, Sendable {
    /// One page: its items and the cursor of the next one (nil when it is the last).
    package typealias Fetch = @Sendable (_ cursor: String?) async throws -> (items: [Element], next: String?)

    let fetch: Fetch

    package init(fetch: @escaping Fetch) {
        self.fetch = fetch
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        let fetch: Fetch
        var buffer: [Element] = []
        var index = 0
        var cursor: String?
        var done = false

        public mutating func next() async throws -> Element? {
            while index >= buffer.count {
                if done { return nil }
                let page = try await fetch(cursor)
                buffer = page.items
                index = 0
                // A page that repeats its own cursor or comes back empty would loop forever: it is the last.
                done = page.next == nil || page.next == cursor || page.items.isEmpty
                cursor = page.next
            }
            defer { index += 1 }
            return buffer[index]
        }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(fetch: fetch) }
}

extension AnthropicPageSequence where Element: Codable {
    /// Walks a list that continues by `next_page` cursors.
    package init(cursorPages: @escaping @Sendable (_ page: String?) async throws -> AnthropicCursorPage<Element>) {
        self.init { cursor in
            let page = try await cursorPages(cursor)
            return (page.data, page.nextPage)
        }
    }

    /// Walks a list that continues after the last id while `has_more` is true.
    package init(idPages: @escaping @Sendable (_ afterID: String?) async throws -> AnthropicPage<Element>) {
        self.init { cursor in
            let page = try await idPages(cursor)
            return (page.data, page.hasMore ? page.lastID : nil)
        }
    }
}

extension AnthropicService {
    /// Every message batch, newest first, fetched page by page as the loop reads them.
    public func allMessageBatches(pageSize: Int? = nil, options: RequestOptions = .default) -> AnthropicPageSequence<MessageBatch> {
        AnthropicPageSequence(idPages: { after in
            try await self.listMessageBatches(limit: pageSize, beforeID: nil, afterID: after, options: options)
        })
    }

    /// Every model the key can use, newest first, fetched page by page as the loop reads them.
    public func allModels(pageSize: Int? = nil, options: RequestOptions = .default) -> AnthropicPageSequence<ModelInfo> {
        AnthropicPageSequence(idPages: { after in
            try await self.listModels(limit: pageSize, beforeID: nil, afterID: after, options: options)
        })
    }

    /// Every uploaded file, newest first, fetched page by page as the loop reads them.
    public func allFiles(pageSize: Int? = nil, options: RequestOptions = .default) -> AnthropicPageSequence<FileMetadata> {
        AnthropicPageSequence(idPages: { after in
            try await self.listFiles(limit: pageSize, beforeID: nil, afterID: after, options: options)
        })
    }
}
