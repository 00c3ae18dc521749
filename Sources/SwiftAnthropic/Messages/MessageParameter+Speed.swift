import Foundation

extension MessageParameter {
    /// `speed`: `standard`, or `fast` for more output tokens per second at a higher price on the models that
    /// offer it (the service adds the `fast-mode-2026-02-01` beta some models need).
    public struct Speed: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, Encodable {
        public let rawValue: String
        /// Any speed value, including ones newer than this library.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A speed value from a string literal.
        public init(stringLiteral value: String) { rawValue = value }
        /// The usual speed and price.
        public static let standard: Speed = "standard"
        /// Faster output at a premium.
        public static let fast: Speed = "fast"

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }
    }

    /// `diagnostics`: ask the response to explain why the prompt cache could not reuse the prefix of an earlier
    /// request (``MessageResponse/diagnostics``).
    public struct Diagnostics: Encodable, Sendable {
        /// The id (`msg_…`) of this client's previous response; nil on the first turn, to opt in without one.
        public var previousMessageID: String?

        /// Diagnostics comparing this request with the one that produced `previousMessageID`.
        public init(previousMessageID: String?) {
            self.previousMessageID = previousMessageID
        }

        enum CodingKeys: String, CodingKey {
            case previousMessageID = "previous_message_id"
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(previousMessageID, forKey: .previousMessageID)
        }
    }
}
