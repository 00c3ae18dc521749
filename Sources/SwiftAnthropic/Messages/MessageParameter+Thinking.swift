import Foundation

extension MessageParameter {
    /// Extended thinking: adaptive (the model decides when and how much to think), enabled with a token budget,
    /// between tool calls only, or disabled.
    public enum Thinking: Encodable, Sendable, Equatable {
        /// Thinking on, using at most `budgetTokens` (at least 1,024, and less than `maxTokens`); `display` says
        /// how the thinking is returned (the model's default when nil).
        case enabled(budgetTokens: Int, display: Display? = nil)
        /// Thinking off, as when `thinking` is nil.
        case disabled
        /// The model decides when and how much to think (`{"type": "adaptive"}`); `display` says how the
        /// thinking is returned. Control the depth with ``OutputConfig/effort``.
        case adaptive(display: Display? = nil)
        /// Thinking only between tool calls (`between_tools`).
        case betweenTools

        /// How thinking appears in the response: `summarized` (the thinking text), `omitted` (an empty thinking
        /// block whose signature keeps multi-turn continuity) or, in beta, `updates`.
        public struct Display: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
            public let rawValue: String
            /// Any display value, including ones newer than this library.
            public init(rawValue: String) { self.rawValue = rawValue }
            /// A display value from a string literal.
            public init(stringLiteral value: String) { rawValue = value }
            /// The thinking text is returned (summarized on the newest models).
            public static let summarized: Display = "summarized"
            /// The thinking text is left out; the block keeps its signature.
            public static let omitted: Display = "omitted"
            /// Progress updates instead of the thinking (beta `thinking-display-updates-2026-08-18`).
            public static let updates: Display = "updates"
        }

        enum CodingKeys: String, CodingKey {
            case type, display
            case budgetTokens = "budget_tokens"
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .enabled(let budget, let display):
                try container.encode("enabled", forKey: .type)
                try container.encode(budget, forKey: .budgetTokens)
                try container.encodeIfPresent(display?.rawValue, forKey: .display)
            case .disabled:
                try container.encode("disabled", forKey: .type)
            case .adaptive(let display):
                try container.encode("adaptive", forKey: .type)
                try container.encodeIfPresent(display?.rawValue, forKey: .display)
            case .betweenTools:
                try container.encode("between_tools", forKey: .type)
            }
        }

        /// The display this setting asks for, if any.
        var display: Display? {
            switch self {
            case .enabled(_, let display), .adaptive(let display): display
            case .disabled, .betweenTools: nil
            }
        }
    }
}
