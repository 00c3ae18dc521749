import AICore
import Logging

/// A log handler that keeps every line (level, message and metadata), for tests that check what is logged — a
/// secret must never appear, a retry must be reported.
///
/// `@unchecked Sendable`: `logLevel` and `metadata` are set before logging starts (swift-log's `LogHandler` needs
/// them settable); the lines are kept in a ``LockedValue``.
public final class CapturingLogHandler: LogHandler, @unchecked Sendable {
    private let lines = LockedValue<[String]>([])
    public var logLevel: Logger.Level = .trace
    public var metadata: Logger.Metadata = [:]

    public init() {}

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let (level, message, metadata) = (event.level, event.message, event.metadata)
        lines.withLock { $0.append("\(level) \(message) \(metadata ?? [:])") }
    }

    /// Every line so far, one a line.
    public var text: String { lines.current.joined(separator: "\n") }

    /// Every line so far.
    public var allLines: [String] { lines.current }
}
