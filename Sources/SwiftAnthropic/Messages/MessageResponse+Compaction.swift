import AICore
import Foundation

extension MessageResponse.Content {
    /// A `compaction` block: the summary of the conversation before it, written by the API when context
    /// management compacted the conversation (beta `compact-2026-01-12`).
    ///
    /// Send it back unchanged in the next turn: the API then drops every block before it, so only the summary and
    /// what follows count as input.
    public struct Compaction: Codable, Sendable, Equatable {
        /// The summary, readable; nil when it is only given encrypted or compaction failed.
        public var content: String?
        /// The summary in a form only the API reads.
        public var encryptedContent: String?
        /// Proves the summary came from the API.
        public var signature: String?
        /// Makes this block a cache breakpoint when sent back; never set by the API.
        public var cacheControl: MessageParameter.CacheControl?
        /// Fields of the block this library does not model (such as `tool_changes`); sent back as they came.
        public var additionalFields: [String: JSONValue]

        /// A compaction block from its parts.
        public init(
            content: String?, encryptedContent: String? = nil, signature: String? = nil,
            cacheControl: MessageParameter.CacheControl? = nil, additionalFields: [String: JSONValue] = [:]
        ) {
            self.content = content
            self.encryptedContent = encryptedContent
            self.signature = signature
            self.cacheControl = cacheControl
            self.additionalFields = additionalFields
        }

        private enum CodingKeys: String, CodingKey {
            case type, content, signature
            case encryptedContent = "encrypted_content"
            case cacheControl = "cache_control"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            content = try container.decodeIfPresent(String.self, forKey: .content)
            encryptedContent = try container.decodeIfPresent(String.self, forKey: .encryptedContent)
            signature = try container.decodeIfPresent(String.self, forKey: .signature)
            cacheControl = try container.decodeIfPresent(MessageParameter.CacheControl.self, forKey: .cacheControl)
            additionalFields = BlockJSON.extras(
                try BlockJSON.object(in: decoder), known: ["type", "content", "encrypted_content", "signature", "cache_control"])
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("compaction", forKey: .type)
            try container.encode(content, forKey: .content)
            try container.encodeIfPresent(encryptedContent, forKey: .encryptedContent)
            try container.encodeIfPresent(signature, forKey: .signature)
            try container.encodeIfPresent(cacheControl, forKey: .cacheControl)
            var extras = encoder.container(keyedBy: AnyCodingKey.self)
            for (key, value) in additionalFields.sorted(by: { $0.key < $1.key }) { try extras.encode(value, forKey: AnyCodingKey(key)) }
        }
    }

    /// A `fallback` block (beta): the requested model declined, and the answer after this block comes from
    /// another model of the request's `fallbacks`.
    public struct Fallback: Codable, Sendable, Equatable {
        /// The model that declined.
        public var fromModel: String
        /// The model that answered instead.
        public var toModel: String
        /// Why the fallback happened (e.g. a refusal), as JSON.
        public var trigger: JSONValue?

        /// A fallback block from its parts.
        public init(fromModel: String, toModel: String, trigger: JSONValue? = nil) {
            self.fromModel = fromModel
            self.toModel = toModel
            self.trigger = trigger
        }

        private struct ModelRef: Codable { let model: String }
        private enum CodingKeys: String, CodingKey { case type, from, to, trigger }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            fromModel = try container.decode(ModelRef.self, forKey: .from).model
            toModel = try container.decode(ModelRef.self, forKey: .to).model
            trigger = try container.decodeIfPresent(JSONValue.self, forKey: .trigger)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("fallback", forKey: .type)
            try container.encode(ModelRef(model: fromModel), forKey: .from)
            try container.encode(ModelRef(model: toModel), forKey: .to)
            try container.encodeIfPresent(trigger, forKey: .trigger)
        }
    }
}
