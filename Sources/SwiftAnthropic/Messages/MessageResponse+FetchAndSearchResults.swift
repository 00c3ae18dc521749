import AICore
import Foundation

extension MessageResponse.Content {
    /// A `web_fetch_tool_result` block: the page the `web_fetch` server tool retrieved, or why it could not.
    public struct WebFetchToolResult: Codable, Sendable {
        /// The `server_tool_use` id this result answers.
        public var toolUseID: String
        /// The fetched page, or the error.
        public var content: Outcome
        /// Fields of the block this library does not model (such as `caller`); sent back as they came.
        public var additionalFields: [String: JSONValue]

        /// How a fetch ended.
        public enum Outcome: Sendable {
            /// The page: its URL, when it was retrieved, and the document block the model read (PDF or plain text).
            case result(url: String, retrievedAt: String?, document: JSONValue)
            /// The fetch failed: `url_not_allowed`, `url_not_accessible`, `too_many_requests`, `max_uses_exceeded`, ….
            case error(code: String)
            /// An outcome this library does not know yet, as JSON.
            case unknown(JSONValue)
        }

        /// A result for the call `toolUseID`.
        public init(toolUseID: String, content: Outcome, additionalFields: [String: JSONValue] = [:]) {
            self.toolUseID = toolUseID
            self.content = content
            self.additionalFields = additionalFields
        }

        /// The text of a fetched plain-text page; nil for PDFs and errors.
        public var text: String? {
            guard case .result(_, _, let document) = content, document["source"]?["type"]?.stringValue == "text" else { return nil }
            return document["source"]?["data"]?.stringValue
        }

        static let type = "web_fetch_tool_result"

        public init(from decoder: any Decoder) throws {
            let object = try BlockJSON.object(in: decoder)
            guard let id = object["tool_use_id"]?.stringValue else { throw BlockJSON.missing("tool_use_id", of: Self.type, in: decoder) }
            let content = object["content"] ?? .null
            let outcome: Outcome =
                switch (content["type"]?.stringValue, content["url"]?.stringValue) {
                case ("web_fetch_result", let url?):
                    .result(url: url, retrievedAt: content["retrieved_at"]?.stringValue, document: content["content"] ?? .null)
                case ("web_fetch_tool_result_error", _): content["error_code"]?.stringValue.map { .error(code: $0) } ?? .unknown(content)
                default: .unknown(content)
                }
            self.init(toolUseID: id, content: outcome, additionalFields: BlockJSON.extras(object, known: ["type", "tool_use_id", "content"]))
        }

        public func encode(to encoder: any Encoder) throws {
            let content: JSONValue =
                switch self.content {
                case .result(let url, let retrievedAt, let document):
                    BlockJSON.merged(
                        ["type": "web_fetch_result", "url": .string(url), "retrieved_at": retrievedAt.map(JSONValue.string), "content": document],
                        extras: [:])
                case .error(let code): ["type": "web_fetch_tool_result_error", "error_code": .string(code)]
                case .unknown(let raw): raw
                }
            try BlockJSON.merged(
                ["type": .string(Self.type), "tool_use_id": .string(toolUseID), "content": content], extras: additionalFields
            ).encode(to: encoder)
        }
    }

    /// A `tool_search_tool_result` block: the tools a tool-search call found, which the API then loads for the model.
    public struct ToolSearchToolResult: Codable, Sendable {
        /// The `server_tool_use` id this result answers.
        public var toolUseID: String
        /// The tools found, or the error.
        public var content: Outcome
        /// Fields of the block this library does not model; sent back as they came.
        public var additionalFields: [String: JSONValue]

        /// How a tool search ended.
        public enum Outcome: Sendable {
            /// The names of the tools found (`tool_reference` blocks), best first.
            case result(toolNames: [String])
            /// The search failed: its code (`invalid_tool_input`, `unavailable`, `too_many_requests`, …) and message.
            case error(code: String, message: String?)
            /// An outcome this library does not know yet, as JSON.
            case unknown(JSONValue)
        }

        /// A result for the call `toolUseID`.
        public init(toolUseID: String, content: Outcome, additionalFields: [String: JSONValue] = [:]) {
            self.toolUseID = toolUseID
            self.content = content
            self.additionalFields = additionalFields
        }

        static let type = "tool_search_tool_result"

        public init(from decoder: any Decoder) throws {
            let object = try BlockJSON.object(in: decoder)
            guard let id = object["tool_use_id"]?.stringValue else { throw BlockJSON.missing("tool_use_id", of: Self.type, in: decoder) }
            let content = object["content"] ?? .null
            let outcome: Outcome =
                switch content["type"]?.stringValue {
                case "tool_search_tool_search_result":
                    if let references = content["tool_references"]?.arrayValue {
                        .result(toolNames: references.compactMap { $0["tool_name"]?.stringValue })
                    } else {
                        .unknown(content)
                    }
                case "tool_search_tool_result_error":
                    content["error_code"]?.stringValue.map { .error(code: $0, message: content["error_message"]?.stringValue) } ?? .unknown(content)
                default: .unknown(content)
                }
            self.init(toolUseID: id, content: outcome, additionalFields: BlockJSON.extras(object, known: ["type", "tool_use_id", "content"]))
        }

        public func encode(to encoder: any Encoder) throws {
            let content: JSONValue =
                switch self.content {
                case .result(let names):
                    ["type": "tool_search_tool_search_result",
                     "tool_references": .array(names.map { ["type": "tool_reference", "tool_name": .string($0)] })]
                case .error(let code, let message):
                    BlockJSON.merged(
                        ["type": "tool_search_tool_result_error", "error_code": .string(code), "error_message": message.map(JSONValue.string)],
                        extras: [:])
                case .unknown(let raw): raw
                }
            try BlockJSON.merged(
                ["type": .string(Self.type), "tool_use_id": .string(toolUseID), "content": content], extras: additionalFields
            ).encode(to: encoder)
        }
    }
}
