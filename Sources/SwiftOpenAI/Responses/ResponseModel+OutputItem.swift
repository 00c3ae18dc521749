import AICore
import Foundation

extension ResponseModel {
    /// One item of a response's output (or of its input items list).
    public enum OutputItem: Codable, Sendable {
        /// A message: `output_text` and `refusal` parts (input messages: `input_text`, `input_image`, `input_file`).
        case message(Message)
        /// A function the model wants you to call.
        case functionCall(FunctionCall)
        /// The output of a function call (in input item lists).
        case functionCallOutput(ModelResponseParameter.FunctionCallOutput)
        /// The model's reasoning: summary parts, and encrypted content when asked for.
        case reasoning(Reasoning)
        case webSearchCall(WebSearchCall)
        case fileSearchCall(FileSearchCall)
        case imageGenerationCall(ImageGenerationCall)
        case codeInterpreterCall(CodeInterpreterCall)
        case mcpCall(MCPCall)
        case mcpListTools(MCPListTools)
        case mcpApprovalRequest(MCPApprovalRequest)
        case customToolCall(CustomToolCall)
        /// The answer to a custom tool call.
        case customToolCallOutput(CustomToolCallOutput)
        /// Commands for the shell tool to run.
        case shellCall(ShellCall)
        /// What the shell commands printed (hosted: from OpenAI; local: what you send back).
        case shellCallOutput(ShellCallOutput)
        /// A command for the older `local_shell` tool.
        case localShellCall(LocalShellCall)
        case localShellCallOutput(LocalShellCallOutput)
        /// A file change for the apply_patch tool to make.
        case applyPatchCall(ApplyPatchCall)
        /// Whether a file change was applied.
        case applyPatchCallOutput(ApplyPatchCallOutput)
        /// A search of the deferred tools.
        case toolSearchCall(ToolSearchCall)
        /// The tools a tool search found.
        case toolSearchOutput(ToolSearchOutput)
        /// A compacted stretch of a conversation (from ``OpenAIResponsesService/responseCompact(_:options:)``); send it
        /// back as input to continue.
        case compaction(Compaction)
        /// An item type this version doesn't model (computer calls, …), or an item of a known type whose fields don't
        /// decode as this version expects (a field the API dropped or reshaped), kept as raw JSON: one such item never
        /// makes a whole response or list fail to decode.
        case unknown(type: String, raw: JSONValue)

        /// The item's `type` on the wire.
        public var type: String {
            switch self {
            case .message: "message"
            case .functionCall: "function_call"
            case .functionCallOutput: "function_call_output"
            case .reasoning: "reasoning"
            case .webSearchCall: "web_search_call"
            case .fileSearchCall: "file_search_call"
            case .imageGenerationCall: "image_generation_call"
            case .codeInterpreterCall: "code_interpreter_call"
            case .mcpCall: "mcp_call"
            case .mcpListTools: "mcp_list_tools"
            case .mcpApprovalRequest: "mcp_approval_request"
            case .customToolCall: "custom_tool_call"
            case .customToolCallOutput: "custom_tool_call_output"
            case .shellCall: "shell_call"
            case .shellCallOutput: "shell_call_output"
            case .localShellCall: "local_shell_call"
            case .localShellCallOutput: "local_shell_call_output"
            case .applyPatchCall: "apply_patch_call"
            case .applyPatchCallOutput: "apply_patch_call_output"
            case .toolSearchCall: "tool_search_call"
            case .toolSearchOutput: "tool_search_output"
            case .compaction: "compaction"
            case .unknown(let type, _): type
            }
        }

        /// The item's id, when it has one.
        public var id: String? {
            switch self {
            case .message(let item): item.id
            case .functionCall(let item): item.id
            case .functionCallOutput(let item): item.id
            case .reasoning(let item): item.id
            case .webSearchCall(let item): item.id
            case .fileSearchCall(let item): item.id
            case .imageGenerationCall(let item): item.id
            case .codeInterpreterCall(let item): item.id
            case .mcpCall(let item): item.id
            case .mcpListTools(let item): item.id
            case .mcpApprovalRequest(let item): item.id
            case .customToolCall(let item): item.id
            case .customToolCallOutput(let item): item.id
            case .shellCall(let item): item.id
            case .shellCallOutput(let item): item.id
            case .localShellCall(let item): item.id
            case .localShellCallOutput(let item): item.id
            case .applyPatchCall(let item): item.id
            case .applyPatchCallOutput(let item): item.id
            case .toolSearchCall(let item): item.id
            case .toolSearchOutput(let item): item.id
            case .compaction(let item): item.id
            case .unknown(_, let raw): raw["id"]?.stringValue
            }
        }

        /// The message, if this item is one.
        public var message: Message? {
            if case .message(let message) = self { message } else { nil }
        }

        public init(from decoder: any Decoder) throws {
            let type = decoder.stringField(named: "type") ?? ""
            do {
                switch type {
                case "message": self = .message(try Message(from: decoder))
                case "function_call": self = .functionCall(try FunctionCall(from: decoder))
                case "function_call_output": self = .functionCallOutput(try ModelResponseParameter.FunctionCallOutput(from: decoder))
                case "reasoning": self = .reasoning(try Reasoning(from: decoder))
                case "web_search_call": self = .webSearchCall(try WebSearchCall(from: decoder))
                case "file_search_call": self = .fileSearchCall(try FileSearchCall(from: decoder))
                case "image_generation_call": self = .imageGenerationCall(try ImageGenerationCall(from: decoder))
                case "code_interpreter_call": self = .codeInterpreterCall(try CodeInterpreterCall(from: decoder))
                case "mcp_call": self = .mcpCall(try MCPCall(from: decoder))
                case "mcp_list_tools": self = .mcpListTools(try MCPListTools(from: decoder))
                case "mcp_approval_request": self = .mcpApprovalRequest(try MCPApprovalRequest(from: decoder))
                case "custom_tool_call": self = .customToolCall(try CustomToolCall(from: decoder))
                case "custom_tool_call_output": self = .customToolCallOutput(try CustomToolCallOutput(from: decoder))
                case "shell_call": self = .shellCall(try ShellCall(from: decoder))
                case "shell_call_output": self = .shellCallOutput(try ShellCallOutput(from: decoder))
                case "local_shell_call": self = .localShellCall(try LocalShellCall(from: decoder))
                case "local_shell_call_output": self = .localShellCallOutput(try LocalShellCallOutput(from: decoder))
                case "apply_patch_call": self = .applyPatchCall(try ApplyPatchCall(from: decoder))
                case "apply_patch_call_output": self = .applyPatchCallOutput(try ApplyPatchCallOutput(from: decoder))
                case "tool_search_call": self = .toolSearchCall(try ToolSearchCall(from: decoder))
                case "tool_search_output": self = .toolSearchOutput(try ToolSearchOutput(from: decoder))
                case "compaction": self = .compaction(try Compaction(from: decoder))
                default: self = .unknown(type: type, raw: try JSONValue(from: decoder))
                }
            } catch {
                // A known type in a shape this version can't read is kept whole, like a type it doesn't know.
                self = .unknown(type: type, raw: try JSONValue(from: decoder))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            switch self {
            case .message(let item): try item.encode(to: encoder)
            case .functionCall(let item): try item.encode(to: encoder)
            case .functionCallOutput(let item): try item.encode(to: encoder)
            case .reasoning(let item): try item.encode(to: encoder)
            case .webSearchCall(let item): try item.encode(to: encoder)
            case .fileSearchCall(let item): try item.encode(to: encoder)
            case .imageGenerationCall(let item): try item.encode(to: encoder)
            case .codeInterpreterCall(let item): try item.encode(to: encoder)
            case .mcpCall(let item): try item.encode(to: encoder)
            case .mcpListTools(let item): try item.encode(to: encoder)
            case .mcpApprovalRequest(let item): try item.encode(to: encoder)
            case .customToolCall(let item): try item.encode(to: encoder)
            case .customToolCallOutput(let item): try item.encode(to: encoder)
            case .shellCall(let item): try item.encode(to: encoder)
            case .shellCallOutput(let item): try item.encode(to: encoder)
            case .localShellCall(let item): try item.encode(to: encoder)
            case .localShellCallOutput(let item): try item.encode(to: encoder)
            case .applyPatchCall(let item): try item.encode(to: encoder)
            case .applyPatchCallOutput(let item): try item.encode(to: encoder)
            case .toolSearchCall(let item): try item.encode(to: encoder)
            case .toolSearchOutput(let item): try item.encode(to: encoder)
            case .compaction(let item): try item.encode(to: encoder)
            case .unknown(_, let raw): try raw.encode(to: encoder)
            }
        }

        /// A message item.
        public struct Message: Codable, Sendable {
            public var type = "message"
            public var id: String?
            /// `assistant` in output; `user`, `system` or `developer` in input item lists.
            public var role: String
            /// `in_progress`, `completed` or `incomplete`.
            public var status: String?
            public var content: [Content]
            /// `commentary` or `final_answer`, for models that mark their phases.
            public var phase: String?

            public init(id: String? = nil, role: String = "assistant", status: String? = nil, content: [Content]) {
                self.id = id
                self.role = role
                self.status = status
                self.content = content
            }

            /// The text of the `output_text` parts.
            public var text: String { content.compactMap(\.text).joined() }
        }

        /// A function call.
        public struct FunctionCall: Codable, Sendable {
            public var type = "function_call"
            public var id: String?
            /// The id to answer with a `function_call_output`.
            public var callId: String
            public var name: String
            /// The arguments as JSON text.
            public var arguments: String
            public var status: String?

            public init(id: String? = nil, callId: String, name: String, arguments: String, status: String? = nil) {
                self.id = id
                self.callId = callId
                self.name = name
                self.arguments = arguments
                self.status = status
            }

            enum CodingKeys: String, CodingKey {
                case type, id
                case callId = "call_id"
                case name, arguments, status
            }
        }

        /// A reasoning item.
        public struct Reasoning: Codable, Sendable {
            public var type = "reasoning"
            public var id: String?
            public var summary: [SummaryText]
            /// `reasoning_text` parts (open-weight models).
            public var content: [SummaryText]?
            /// The reasoning, encrypted, when `include` asks for `reasoning.encrypted_content` (pass it back with `store: false`).
            public var encryptedContent: String?
            public var status: String?

            public init(id: String? = nil, summary: [SummaryText], content: [SummaryText]? = nil, encryptedContent: String? = nil, status: String? = nil) {
                self.id = id
                self.summary = summary
                self.content = content
                self.encryptedContent = encryptedContent
                self.status = status
            }

            public init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                id = try container.decodeIfPresent(String.self, forKey: .id)
                summary = try container.decodeIfPresent([SummaryText].self, forKey: .summary) ?? []
                content = try container.decodeIfPresent([SummaryText].self, forKey: .content)
                encryptedContent = try container.decodeIfPresent(String.self, forKey: .encryptedContent)
                status = try container.decodeIfPresent(String.self, forKey: .status)
            }

            /// The summary parts joined with blank lines.
            public var summaryText: String { summary.map(\.text).joined(separator: "\n\n") }

            /// A `summary_text` (or `reasoning_text`) part.
            public struct SummaryText: Codable, Sendable, Equatable {
                public var type: String
                public var text: String

                public init(type: String = "summary_text", text: String) {
                    self.type = type
                    self.text = text
                }
            }

            enum CodingKeys: String, CodingKey {
                case type, id, summary, content
                case encryptedContent = "encrypted_content"
                case status
            }
        }

        /// A web search the model ran.
        public struct WebSearchCall: Codable, Sendable {
            public var type = "web_search_call"
            public var id: String?
            public var status: String?
            /// `{"type": "search", "query": …, "sources": […]}`, `open_page` or `find_in_page`.
            public var action: JSONValue?
        }

        /// A file search the model ran.
        public struct FileSearchCall: Codable, Sendable {
            public var type = "file_search_call"
            public var id: String?
            public var status: String?
            public var queries: [String]?
            /// The matches, when `include` asks for `file_search_call.results`.
            public var results: [Result]?

            public struct Result: Codable, Sendable {
                public var fileID: String?
                public var filename: String?
                public var text: String?
                public var score: Double?
                public var attributes: JSONValue?

                enum CodingKeys: String, CodingKey {
                    case fileID = "file_id"
                    case filename, text, score, attributes
                }
            }
        }

        /// An image the image generation tool made.
        public struct ImageGenerationCall: Codable, Sendable {
            public var type = "image_generation_call"
            public var id: String?
            public var status: String?
            /// The image, base64-encoded.
            public var result: String?
            public var revisedPrompt: String?

            /// The decoded image bytes.
            public var imageData: Data? { result.flatMap { Data(base64Encoded: $0) } }

            enum CodingKeys: String, CodingKey {
                case type, id, status, result
                case revisedPrompt = "revised_prompt"
            }
        }

        /// Code the code interpreter ran.
        public struct CodeInterpreterCall: Codable, Sendable {
            public var type = "code_interpreter_call"
            public var id: String?
            public var status: String?
            public var containerId: String?
            public var code: String?
            /// `{"type": "logs", "logs": …}` or `{"type": "image", "url": …}` entries.
            public var outputs: [JSONValue]?

            enum CodingKeys: String, CodingKey {
                case type, id, status
                case containerId = "container_id"
                case code, outputs
            }
        }

        /// A call to a tool of an MCP server.
        public struct MCPCall: Codable, Sendable {
            public var type = "mcp_call"
            public var id: String?
            public var serverLabel: String?
            public var name: String
            public var arguments: String
            public var output: String?
            public var error: JSONValue?
            public var status: String?
            public var approvalRequestId: String?

            enum CodingKeys: String, CodingKey {
                case type, id
                case serverLabel = "server_label"
                case name, arguments, output, error, status
                case approvalRequestId = "approval_request_id"
            }
        }

        /// The tools an MCP server offers.
        public struct MCPListTools: Codable, Sendable {
            public var type = "mcp_list_tools"
            public var id: String?
            public var serverLabel: String?
            /// `{"name", "description", "input_schema", "annotations"}` entries.
            public var tools: [JSONValue]
            public var error: String?

            enum CodingKeys: String, CodingKey {
                case type, id
                case serverLabel = "server_label"
                case tools, error
            }
        }

        /// A request to approve an MCP tool call (answer with an `mcp_approval_response` input item).
        public struct MCPApprovalRequest: Codable, Sendable {
            public var type = "mcp_approval_request"
            public var id: String?
            public var serverLabel: String?
            public var name: String
            public var arguments: String

            enum CodingKeys: String, CodingKey {
                case type, id
                case serverLabel = "server_label"
                case name, arguments
            }
        }

        /// A call to a custom (free-form input) tool.
        public struct CustomToolCall: Codable, Sendable {
            public var type = "custom_tool_call"
            public var id: String?
            public var callId: String
            /// The namespace the tool belongs to, for tools in a ``ModelResponseParameter/NamespaceTool``.
            public var namespace: String?
            public var name: String
            /// The text the model wrote (following the tool's grammar, when it has one).
            public var input: String

            public init(id: String? = nil, callID: String, name: String, input: String, namespace: String? = nil) {
                self.id = id
                self.callId = callID
                self.name = name
                self.input = input
                self.namespace = namespace
            }

            enum CodingKeys: String, CodingKey {
                case type, id
                case callId = "call_id"
                case namespace, name, input
            }
        }

        /// A compaction item: the earlier conversation, encrypted.
        public struct Compaction: Codable, Sendable {
            public var type = "compaction"
            public var id: String?
            public var encryptedContent: String
            public var createdBy: String?

            public init(id: String? = nil, encryptedContent: String, createdBy: String? = nil) {
                self.id = id
                self.encryptedContent = encryptedContent
                self.createdBy = createdBy
            }

            enum CodingKeys: String, CodingKey {
                case type, id
                case encryptedContent = "encrypted_content"
                case createdBy = "created_by"
            }
        }
    }
}
