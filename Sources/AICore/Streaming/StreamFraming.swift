import Foundation

/// How a streamed body is cut into items.
package enum StreamFraming: Sendable {
    /// `text/event-stream`: events dispatched at blank lines.
    case serverSentEvents
    /// JSON Lines: one item per non-empty line; a last line without a newline still counts.
    case jsonLines
    /// Raw bytes: every network chunk reaches the handler as one event whose `data` is the chunk.
    case bytes
}
