import AICore
import Foundation

extension MessageResponse {
    /// A content block of a response: `text`, `toolUse` and the later block
    /// types each have a case, and unknown ones keep their raw JSON.
    public enum Content: Codable, Sendable {
        /// A tool call's input: the JSON object of its arguments, by name.
        public typealias Input = [String: DynamicContent]

        /// Text without citations.
        case text(String)
        /// A call of one of your tools: the id to answer with a tool result, the tool's name and its input.
        case toolUse(id: String, name: String, input: Input)
        /// Text with the citations that support it.
        case textWithCitations(String, citations: [Citation])
        /// Extended thinking, with the signature to send it back.
        case thinking(thinking: String, signature: String)
        /// Thinking the safety system redacted; send it back unchanged.
        case redactedThinking(data: String)
        /// A server tool call (web search, web fetch, code execution, …).
        case serverToolUse(id: String, name: String, input: Input)
        /// A server tool's result block: its type (e.g. `web_search_tool_result`), the call it answers, and its content.
        case serverToolResult(type: String, toolUseID: String, content: JSONValue)
        /// The result of a `code_execution` call (Python in the API's container).
        case codeExecutionToolResult(CodeExecutionToolResult)
        /// The result of a shell command run by the code-execution tool.
        case bashCodeExecutionToolResult(BashCodeExecutionToolResult)
        /// The result of a file view or edit made by the code-execution tool.
        case textEditorCodeExecutionToolResult(TextEditorCodeExecutionToolResult)
        /// The page a `web_fetch` call retrieved, or its error.
        case webFetchToolResult(WebFetchToolResult)
        /// The tools a tool-search call found.
        case toolSearchToolResult(ToolSearchToolResult)
        /// A file put into the code-execution container (`container_upload`), by its Files API id.
        case containerUpload(fileID: String)
        /// The summary of the conversation before it (context management's compaction); send it back unchanged.
        case compaction(Compaction)
        /// The requested model declined and another model of `fallbacks` answers after this block (beta).
        case fallback(Fallback)
        /// A block type this library does not know yet.
        case unknown(type: String, raw: JSONValue)

        /// A tool call.
        public struct ToolUse: Sendable {
            /// The call id (`toolu_…`), to send back with the tool result.
            public let id: String
            /// The name of the tool to run.
            public let name: String
            /// The arguments the model chose.
            public let input: Input

            /// A tool call from its parts.
            public init(id: String, name: String, input: Input) {
                self.id = id
                self.name = name
                self.input = input
            }

            /// The input as compact JSON text with sorted keys.
            public var inputJSON: String {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                return (try? encoder.encode(input)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
            }
        }

        /// The text of a text block.
        public var text: String? {
            switch self {
            case .text(let text), .textWithCitations(let text, _): text
            default: nil
            }
        }

        private enum CodingKeys: String, CodingKey {
            case type, text, id, name, input, citations, thinking, signature, data, content
            case toolUseID = "tool_use_id"
            case fileID = "file_id"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let type = try container.decode(String.self, forKey: .type)
            switch type {
            case "text":
                let text = try container.decode(String.self, forKey: .text)
                let citations = try container.decodeIfPresent([Citation].self, forKey: .citations) ?? []
                self = citations.isEmpty ? .text(text) : .textWithCitations(text, citations: citations)
            case "tool_use":
                self = .toolUse(
                    id: try container.decode(String.self, forKey: .id), name: try container.decode(String.self, forKey: .name),
                    input: try container.decodeIfPresent(Input.self, forKey: .input) ?? [:])
            case "thinking":
                self = .thinking(
                    thinking: try container.decode(String.self, forKey: .thinking),
                    signature: try container.decodeIfPresent(String.self, forKey: .signature) ?? "")
            case "redacted_thinking":
                self = .redactedThinking(data: try container.decode(String.self, forKey: .data))
            case "server_tool_use":
                self = .serverToolUse(
                    id: try container.decode(String.self, forKey: .id), name: try container.decode(String.self, forKey: .name),
                    input: try container.decodeIfPresent(Input.self, forKey: .input) ?? [:])
            case "container_upload":
                guard let fileID = try? container.decode(String.self, forKey: .fileID) else {
                    self = .unknown(type: type, raw: try JSONValue(from: decoder))
                    return
                }
                self = .containerUpload(fileID: fileID)
            case CodeExecutionToolResult.type, BashCodeExecutionToolResult.type, TextEditorCodeExecutionToolResult.type,
                WebFetchToolResult.type, ToolSearchToolResult.type, "compaction", "fallback":
                self = (try? Self.typed(type, from: decoder)) ?? .unknown(type: type, raw: try JSONValue(from: decoder))
            default:
                if type.hasSuffix("_tool_result"), let toolUseID = try container.decodeIfPresent(String.self, forKey: .toolUseID) {
                    self = .serverToolResult(
                        type: type, toolUseID: toolUseID, content: try container.decodeIfPresent(JSONValue.self, forKey: .content) ?? .null)
                } else {
                    self = .unknown(type: type, raw: try JSONValue(from: decoder))
                }
            }
        }

        /// The typed server-tool, compaction and fallback blocks.
        private static func typed(_ type: String, from decoder: any Decoder) throws -> Self {
            switch type {
            case CodeExecutionToolResult.type: .codeExecutionToolResult(try CodeExecutionToolResult(from: decoder))
            case BashCodeExecutionToolResult.type: .bashCodeExecutionToolResult(try BashCodeExecutionToolResult(from: decoder))
            case TextEditorCodeExecutionToolResult.type: .textEditorCodeExecutionToolResult(try TextEditorCodeExecutionToolResult(from: decoder))
            case WebFetchToolResult.type: .webFetchToolResult(try WebFetchToolResult(from: decoder))
            case ToolSearchToolResult.type: .toolSearchToolResult(try ToolSearchToolResult(from: decoder))
            case "compaction": .compaction(try Compaction(from: decoder))
            default: .fallback(try Fallback(from: decoder))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            switch self {
            case .codeExecutionToolResult(let block): return try block.encode(to: encoder)
            case .bashCodeExecutionToolResult(let block): return try block.encode(to: encoder)
            case .textEditorCodeExecutionToolResult(let block): return try block.encode(to: encoder)
            case .webFetchToolResult(let block): return try block.encode(to: encoder)
            case .toolSearchToolResult(let block): return try block.encode(to: encoder)
            case .compaction(let block): return try block.encode(to: encoder)
            case .fallback(let block): return try block.encode(to: encoder)
            case .unknown(_, let raw): return try raw.encode(to: encoder)
            default: break
            }
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .text(let text):
                try container.encode("text", forKey: .type)
                try container.encode(text, forKey: .text)
            case .textWithCitations(let text, let citations):
                try container.encode("text", forKey: .type)
                try container.encode(text, forKey: .text)
                try container.encode(citations, forKey: .citations)
            case .toolUse(let id, let name, let input), .serverToolUse(let id, let name, let input):
                let isServer = if case .serverToolUse = self { true } else { false }
                try container.encode(isServer ? "server_tool_use" : "tool_use", forKey: .type)
                try container.encode(id, forKey: .id)
                try container.encode(name, forKey: .name)
                try container.encode(input, forKey: .input)
            case .thinking(let thinking, let signature):
                try container.encode("thinking", forKey: .type)
                try container.encode(thinking, forKey: .thinking)
                try container.encode(signature, forKey: .signature)
            case .redactedThinking(let data):
                try container.encode("redacted_thinking", forKey: .type)
                try container.encode(data, forKey: .data)
            case .serverToolResult(let type, let toolUseID, let content):
                try container.encode(type, forKey: .type)
                try container.encode(toolUseID, forKey: .toolUseID)
                try container.encode(content, forKey: .content)
            case .containerUpload(let fileID):
                try container.encode("container_upload", forKey: .type)
                try container.encode(fileID, forKey: .fileID)
            case .codeExecutionToolResult, .bashCodeExecutionToolResult, .textEditorCodeExecutionToolResult, .webFetchToolResult,
                .toolSearchToolResult, .compaction, .fallback, .unknown:
                break
            }
        }

        /// Any JSON value inside tool input.
        ///
        /// SwiftAnthropic's cases over AICore's ``JSONValue``, which does the decoding and encoding: `integer` is
        /// its `int`, `dictionary` its `object`.
        public enum DynamicContent: Codable, Sendable, Equatable {
            case string(String)
            case integer(Int)
            case double(Double)
            case dictionary([String: DynamicContent])
            case array([DynamicContent])
            case bool(Bool)
            case null

            public init(from decoder: any Decoder) throws {
                self.init(try JSONValue(from: decoder))
            }

            public func encode(to encoder: any Encoder) throws {
                try jsonValue.encode(to: encoder)
            }

            /// The same value as a ``JSONValue``.
            init(_ value: JSONValue) {
                switch value {
                case .null: self = .null
                case .bool(let bool): self = .bool(bool)
                case .int(let int): self = .integer(int)
                case .double(let double): self = .double(double)
                case .string(let string): self = .string(string)
                case .array(let array): self = .array(array.map(DynamicContent.init))
                case .object(let object): self = .dictionary(object.mapValues(DynamicContent.init))
                }
            }

            /// This value as a ``JSONValue``.
            var jsonValue: JSONValue {
                switch self {
                case .null: .null
                case .bool(let bool): .bool(bool)
                case .integer(let int): .int(int)
                case .double(let double): .double(double)
                case .string(let string): .string(string)
                case .array(let array): .array(array.map(\.jsonValue))
                case .dictionary(let dictionary): .object(dictionary.mapValues(\.jsonValue))
                }
            }
        }
    }

    /// Where a piece of cited text comes from.
    public enum Citation: Codable, Sendable {
        /// Characters of a plain-text document.
        case charLocation(citedText: String, documentIndex: Int, documentTitle: String?, startCharIndex: Int, endCharIndex: Int)
        /// Pages of a PDF.
        case pageLocation(citedText: String, documentIndex: Int, documentTitle: String?, startPageNumber: Int, endPageNumber: Int)
        /// Blocks of a custom-content document.
        case contentBlockLocation(citedText: String, documentIndex: Int, documentTitle: String?, startBlockIndex: Int, endBlockIndex: Int)
        /// Blocks of a search result.
        case searchResultLocation(citedText: String, source: String, title: String?, searchResultIndex: Int, startBlockIndex: Int, endBlockIndex: Int)
        /// A web search result.
        case webSearchResultLocation(citedText: String, url: String, title: String?, encryptedIndex: String)
        /// A citation type this library does not know yet.
        case unknown(type: String, raw: JSONValue)

        private enum CodingKeys: String, CodingKey {
            case type, source, title, url
            case citedText = "cited_text"
            case documentIndex = "document_index"
            case documentTitle = "document_title"
            case startCharIndex = "start_char_index"
            case endCharIndex = "end_char_index"
            case startPageNumber = "start_page_number"
            case endPageNumber = "end_page_number"
            case startBlockIndex = "start_block_index"
            case endBlockIndex = "end_block_index"
            case searchResultIndex = "search_result_index"
            case encryptedIndex = "encrypted_index"
        }

        /// The quoted text.
        public var citedText: String? {
            switch self {
            case .charLocation(let text, _, _, _, _), .pageLocation(let text, _, _, _, _),
                .contentBlockLocation(let text, _, _, _, _), .searchResultLocation(let text, _, _, _, _, _),
                .webSearchResultLocation(let text, _, _, _):
                text
            case .unknown(_, let raw): raw["cited_text"]?.stringValue
            }
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let type = try c.decode(String.self, forKey: .type)
            switch type {
            case "char_location":
                self = .charLocation(
                    citedText: try c.decode(String.self, forKey: .citedText), documentIndex: try c.decode(Int.self, forKey: .documentIndex),
                    documentTitle: try c.decodeIfPresent(String.self, forKey: .documentTitle),
                    startCharIndex: try c.decode(Int.self, forKey: .startCharIndex), endCharIndex: try c.decode(Int.self, forKey: .endCharIndex))
            case "page_location":
                self = .pageLocation(
                    citedText: try c.decode(String.self, forKey: .citedText), documentIndex: try c.decode(Int.self, forKey: .documentIndex),
                    documentTitle: try c.decodeIfPresent(String.self, forKey: .documentTitle),
                    startPageNumber: try c.decode(Int.self, forKey: .startPageNumber), endPageNumber: try c.decode(Int.self, forKey: .endPageNumber))
            case "content_block_location":
                self = .contentBlockLocation(
                    citedText: try c.decode(String.self, forKey: .citedText), documentIndex: try c.decode(Int.self, forKey: .documentIndex),
                    documentTitle: try c.decodeIfPresent(String.self, forKey: .documentTitle),
                    startBlockIndex: try c.decode(Int.self, forKey: .startBlockIndex), endBlockIndex: try c.decode(Int.self, forKey: .endBlockIndex))
            case "search_result_location":
                self = .searchResultLocation(
                    citedText: try c.decode(String.self, forKey: .citedText), source: try c.decode(String.self, forKey: .source),
                    title: try c.decodeIfPresent(String.self, forKey: .title), searchResultIndex: try c.decode(Int.self, forKey: .searchResultIndex),
                    startBlockIndex: try c.decode(Int.self, forKey: .startBlockIndex), endBlockIndex: try c.decode(Int.self, forKey: .endBlockIndex))
            case "web_search_result_location":
                self = .webSearchResultLocation(
                    citedText: try c.decode(String.self, forKey: .citedText), url: try c.decode(String.self, forKey: .url),
                    title: try c.decodeIfPresent(String.self, forKey: .title), encryptedIndex: try c.decode(String.self, forKey: .encryptedIndex))
            default:
                self = .unknown(type: type, raw: try JSONValue(from: decoder))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .charLocation(let text, let index, let title, let start, let end):
                try c.encode("char_location", forKey: .type)
                try c.encode(text, forKey: .citedText)
                try c.encode(index, forKey: .documentIndex)
                try c.encodeIfPresent(title, forKey: .documentTitle)
                try c.encode(start, forKey: .startCharIndex)
                try c.encode(end, forKey: .endCharIndex)
            case .pageLocation(let text, let index, let title, let start, let end):
                try c.encode("page_location", forKey: .type)
                try c.encode(text, forKey: .citedText)
                try c.encode(index, forKey: .documentIndex)
                try c.encodeIfPresent(title, forKey: .documentTitle)
                try c.encode(start, forKey: .startPageNumber)
                try c.encode(end, forKey: .endPageNumber)
            case .contentBlockLocation(let text, let index, let title, let start, let end):
                try c.encode("content_block_location", forKey: .type)
                try c.encode(text, forKey: .citedText)
                try c.encode(index, forKey: .documentIndex)
                try c.encodeIfPresent(title, forKey: .documentTitle)
                try c.encode(start, forKey: .startBlockIndex)
                try c.encode(end, forKey: .endBlockIndex)
            case .searchResultLocation(let text, let source, let title, let index, let start, let end):
                try c.encode("search_result_location", forKey: .type)
                try c.encode(text, forKey: .citedText)
                try c.encode(source, forKey: .source)
                try c.encodeIfPresent(title, forKey: .title)
                try c.encode(index, forKey: .searchResultIndex)
                try c.encode(start, forKey: .startBlockIndex)
                try c.encode(end, forKey: .endBlockIndex)
            case .webSearchResultLocation(let text, let url, let title, let encryptedIndex):
                try c.encode("web_search_result_location", forKey: .type)
                try c.encode(text, forKey: .citedText)
                try c.encode(url, forKey: .url)
                try c.encodeIfPresent(title, forKey: .title)
                try c.encode(encryptedIndex, forKey: .encryptedIndex)
            case .unknown(_, let raw):
                try raw.encode(to: encoder)
            }
        }
    }
}
