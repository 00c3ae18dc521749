import AICore
import Foundation

extension ModelResponseParameter {
    /// One `context_management` entry: how the server keeps a long conversation inside the context window.
    ///
    /// With `.compaction(threshold:)`, once the rendered input passes `threshold` tokens the server compacts it and
    /// the response's output starts with a `compaction` item; send the output back as input to continue.
    public struct ContextManagement: Codable, Sendable, Equatable {
        /// `compaction`, or a strategy this version doesn't know yet.
        public var type: String
        /// The input size (in tokens, at least 1000) from which the server compacts.
        public var compactThreshold: Int?

        public init(type: String, compactThreshold: Int? = nil) {
            self.type = type
            self.compactThreshold = compactThreshold
        }

        /// Server-side compaction from `threshold` input tokens on (nil: the server's default).
        public static func compaction(threshold: Int? = nil) -> ContextManagement {
            ContextManagement(type: "compaction", compactThreshold: threshold)
        }

        enum CodingKeys: String, CodingKey {
            case type
            case compactThreshold = "compact_threshold"
        }
    }

    /// `prompt_cache_options`: how long and how the prompt cache keeps this request's prefix.
    public struct PromptCacheOptions: Codable, Sendable, Equatable {
        /// `30m`, or a duration this version doesn't know yet.
        public var ttl: String?
        /// `implicit` (the server caches what it sees) or `explicit`.
        public var mode: String?

        public init(ttl: String? = nil, mode: String? = nil) {
            self.ttl = ttl
            self.mode = mode
        }
    }

    /// `moderation`: a moderation model run on the input and the output of the response.
    public struct Moderation: Codable, Sendable, Equatable {
        /// The moderation model, e.g. `omni-moderation-latest`.
        public var model: String
        public var policy: Policy?

        public init(model: String, policy: Policy? = nil) {
            self.model = model
            self.policy = policy
        }

        /// What happens on each side when content is flagged.
        public struct Policy: Codable, Sendable, Equatable {
            public var input: Mode?
            public var output: Mode?

            public init(input: Mode? = nil, output: Mode? = nil) {
                self.input = input
                self.output = output
            }
        }

        /// `{"mode": …}`: `score` only reports, `block` stops flagged content.
        public struct Mode: Codable, Sendable, Equatable {
            public var mode: String

            public init(_ mode: String) { self.mode = mode }

            public static let score = Mode("score")
            public static let block = Mode("block")
        }
    }
}

extension ModelResponseParameter.Reasoning {
    /// How hard a reasoning model thinks: `none`, `minimal`, `low`, `medium`, `high`, `xhigh`, `max`, or a level
    /// this version doesn't know yet (sent and kept as written).
    public struct Effort: RawRepresentable, Codable, Hashable, Sendable, ExpressibleByStringLiteral {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { self.rawValue = value }

        public init(from decoder: any Decoder) throws {
            rawValue = try decoder.singleValueContainer().decode(String.self)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }

        /// No reasoning tokens at all (GPT-5.1 and later).
        public static let none = Effort(rawValue: "none")
        public static let minimal = Effort(rawValue: "minimal")
        public static let low = Effort(rawValue: "low")
        public static let medium = Effort(rawValue: "medium")
        public static let high = Effort(rawValue: "high")
        public static let xhigh = Effort(rawValue: "xhigh")
        public static let max = Effort(rawValue: "max")
    }

    /// Reasoning at a typed effort level.
    public init(effort: Effort, summary: String? = nil, mode: String? = nil) {
        self.init(effort: effort.rawValue, summary: summary)
        self.mode = mode
    }

    /// ``effort`` as a typed level (nil when not set).
    public var effortLevel: Effort? {
        get { effort.map(Effort.init(rawValue:)) }
        set { effort = newValue?.rawValue }
    }
}
