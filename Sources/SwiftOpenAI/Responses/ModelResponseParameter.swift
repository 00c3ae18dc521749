import AICore
import Foundation

/// The body of a [Responses API](https://platform.openai.com/docs/api-reference/responses/create) request.
///
/// ```swift
/// let response = try await service.responseCreate(
///     ModelResponseParameter(input: .string("Write a haiku about Swift."), model: .gpt4oMini))
/// print(response.outputText)
/// ```
public struct ModelResponseParameter: Codable, Sendable {
    /// Text, or a list of input items (messages, tool outputs, earlier output items).
    public var input: InputType
    /// A model id, or an Azure deployment name.
    public var model: String
    /// Runs the response in the background; poll it with `responseModel(id:)`.
    public var background: Bool?
    /// Server-side compaction of long conversations, e.g. `[.compaction(threshold: 200_000)]`.
    public var contextManagement: [ContextManagement]?
    /// The conversation this response belongs to (its items are prepended to the input).
    public var conversation: Conversation?
    /// Extra output to include, e.g. `reasoning.encrypted_content`, `message.output_text.logprobs`.
    public var include: [String]?
    /// A system (developer) message placed first in the model's context.
    public var instructions: String?
    public var maxOutputTokens: Int?
    public var maxToolCalls: Int?
    /// Up to 16 key-value pairs stored with the response.
    public var metadata: [String: String]?
    /// A moderation model run on the input and output.
    public var moderation: Moderation?
    public var parallelToolCalls: Bool?
    /// Continues from an earlier response (its input and output become context).
    public var previousResponseId: String?
    /// A stored prompt template and its variables.
    public var prompt: Prompt?
    public var promptCacheKey: String?
    /// `in_memory` or `24h` (older name of ``promptCacheOptions``).
    public var promptCacheRetention: String?
    /// How long and how the prompt cache keeps this request's prefix.
    public var promptCacheOptions: PromptCacheOptions?
    public var reasoning: Reasoning?
    public var safetyIdentifier: String?
    /// `auto`, `default`, `flex`, `scale` or `priority`.
    public var serviceTier: String?
    /// Whether the response is stored for later retrieval (default on the server: true).
    public var store: Bool?
    /// Set by the service: `responseCreateStream` streams, `responseCreate` doesn't.
    public var stream: Bool?
    public var streamOptions: StreamOptions?
    public var temperature: Double?
    /// The output format (`text`, `json_object`, `json_schema`) and verbosity.
    public var text: TextConfiguration?
    public var toolChoice: ToolChoice?
    public var tools: [Tool]?
    public var topLogprobs: Int?
    public var topP: Double?
    /// `auto` or `disabled`.
    public var truncation: String?
    /// Deprecated by OpenAI in favour of `safetyIdentifier` and `promptCacheKey`.
    public var user: String?

    public init(
        input: InputType,
        model: ChatCompletionParameters.Model,
        background: Bool? = nil,
        conversation: Conversation? = nil,
        include: [String]? = nil,
        instructions: String? = nil,
        maxOutputTokens: Int? = nil,
        maxToolCalls: Int? = nil,
        metadata: [String: String]? = nil,
        parallelToolCalls: Bool? = nil,
        previousResponseId: String? = nil,
        prompt: Prompt? = nil,
        promptCacheKey: String? = nil,
        promptCacheRetention: String? = nil,
        reasoning: Reasoning? = nil,
        safetyIdentifier: String? = nil,
        serviceTier: String? = nil,
        store: Bool? = nil,
        streamOptions: StreamOptions? = nil,
        temperature: Double? = nil,
        text: TextConfiguration? = nil,
        toolChoice: ToolChoice? = nil,
        tools: [Tool]? = nil,
        topLogprobs: Int? = nil,
        topP: Double? = nil,
        truncation: String? = nil,
        user: String? = nil,
        contextManagement: [ContextManagement]? = nil,
        promptCacheOptions: PromptCacheOptions? = nil,
        moderation: Moderation? = nil
    ) {
        self.input = input
        self.model = model.value
        self.background = background
        self.conversation = conversation
        self.include = include
        self.instructions = instructions
        self.maxOutputTokens = maxOutputTokens
        self.maxToolCalls = maxToolCalls
        self.metadata = metadata
        self.parallelToolCalls = parallelToolCalls
        self.previousResponseId = previousResponseId
        self.prompt = prompt
        self.promptCacheKey = promptCacheKey
        self.promptCacheRetention = promptCacheRetention
        self.reasoning = reasoning
        self.safetyIdentifier = safetyIdentifier
        self.serviceTier = serviceTier
        self.store = store
        self.streamOptions = streamOptions
        self.temperature = temperature
        self.text = text
        self.toolChoice = toolChoice
        self.tools = tools
        self.topLogprobs = topLogprobs
        self.topP = topP
        self.truncation = truncation
        self.user = user
        self.contextManagement = contextManagement
        self.promptCacheOptions = promptCacheOptions
        self.moderation = moderation
    }

    enum CodingKeys: String, CodingKey {
        case input, model, background, conversation, include, instructions
        case contextManagement = "context_management"
        case moderation
        case promptCacheOptions = "prompt_cache_options"
        case maxOutputTokens = "max_output_tokens"
        case maxToolCalls = "max_tool_calls"
        case metadata
        case parallelToolCalls = "parallel_tool_calls"
        case previousResponseId = "previous_response_id"
        case prompt
        case promptCacheKey = "prompt_cache_key"
        case promptCacheRetention = "prompt_cache_retention"
        case reasoning
        case safetyIdentifier = "safety_identifier"
        case serviceTier = "service_tier"
        case store, stream
        case streamOptions = "stream_options"
        case temperature, text
        case toolChoice = "tool_choice"
        case tools
        case topLogprobs = "top_logprobs"
        case topP = "top_p"
        case truncation, user
    }

    /// The `input` of a request: text, or a list of items.
    public enum InputType: Codable, Sendable {
        case string(String)
        case array([InputItem])

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self = .string(text)
            } else {
                self = .array(try container.decode([InputItem].self))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .string(let text): try container.encode(text)
            case .array(let items): try container.encode(items)
            }
        }
    }

    /// One input item.
    public enum InputItem: Codable, Sendable {
        /// A message from the user, system, developer or an earlier assistant turn.
        case message(InputMessage)
        /// The result of a function call the model asked for.
        case functionCallOutput(FunctionCallOutput)
        /// An output item of an earlier response, sent back as it was received (function calls, reasoning …).
        case outputItem(ResponseModel.OutputItem)
        /// A reference to a stored item by id.
        case itemReference(id: String)
        /// Any other item, as raw JSON (e.g. an `mcp_approval_response`).
        case raw(JSONValue)

        public init(from decoder: any Decoder) throws {
            switch decoder.stringField(named: "type") {
            case "message" where decoder.stringField(named: "id") == nil, nil:
                self = .message(try InputMessage(from: decoder))
            case "function_call_output":
                self = .functionCallOutput(try FunctionCallOutput(from: decoder))
            case "item_reference":
                self = .itemReference(id: decoder.stringField(named: "id") ?? "")
            default:
                let item = try ResponseModel.OutputItem(from: decoder)
                if case .unknown(_, let raw) = item { self = .raw(raw) } else { self = .outputItem(item) }
            }
        }

        public func encode(to encoder: any Encoder) throws {
            switch self {
            case .message(let message): try message.encode(to: encoder)
            case .functionCallOutput(let output): try output.encode(to: encoder)
            case .outputItem(let item): try item.encode(to: encoder)
            case .itemReference(let id): try JSONValue.object(["type": "item_reference", "id": .string(id)]).encode(to: encoder)
            case .raw(let value): try value.encode(to: encoder)
            }
        }
    }

    /// A message in the input.
    public struct InputMessage: Codable, Sendable {
        /// `user`, `system`, `developer` or `assistant`.
        public var role: String
        public var content: MessageContent
        public var type: String?

        public init(role: String, content: MessageContent) {
            self.role = role
            self.content = content
            self.type = "message"
        }

        /// A message with only text.
        public init(role: String, text: String) {
            self.init(role: role, content: .text(text))
        }
    }

    /// The content of an input message: text, or a list of parts.
    public enum MessageContent: Codable, Sendable {
        case text(String)
        case array([ContentItem])

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self = .text(text)
            } else {
                self = .array(try container.decode([ContentItem].self))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .text(let text): try container.encode(text)
            case .array(let parts): try container.encode(parts)
            }
        }
    }

    /// One part of an input message.
    public enum ContentItem: Codable, Sendable {
        /// `input_text`.
        case text(String)
        /// `input_image`: a URL (or `data:` URL) or an uploaded file id.
        case image(InputImage)
        /// `input_file`: an uploaded file id, a URL, or base64 `file_data` with a filename.
        case file(InputFile)
        /// `output_text`, in an assistant message replayed as input.
        case outputText(String)
        /// Any other part, as raw JSON.
        case raw(JSONValue)

        public init(from decoder: any Decoder) throws {
            switch decoder.stringField(named: "type") {
            case "input_text": self = .text(decoder.stringField(named: "text") ?? "")
            case "output_text": self = .outputText(decoder.stringField(named: "text") ?? "")
            case "input_image": self = .image(try InputImage(from: decoder))
            case "input_file": self = .file(try InputFile(from: decoder))
            default: self = .raw(try JSONValue(from: decoder))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            switch self {
            case .text(let text): try JSONValue.object(["type": "input_text", "text": .string(text)]).encode(to: encoder)
            case .outputText(let text): try JSONValue.object(["type": "output_text", "text": .string(text)]).encode(to: encoder)
            case .image(let image): try image.encode(to: encoder)
            case .file(let file): try file.encode(to: encoder)
            case .raw(let value): try value.encode(to: encoder)
            }
        }
    }

    /// An `input_image` part.
    public struct InputImage: Codable, Sendable {
        public var type = "input_image"
        /// An `https:` URL or a `data:image/…;base64,…` URL.
        public var imageUrl: String?
        public var fileID: String?
        /// `low`, `high` or `auto` (the default on the server).
        public var detail: String?

        public init(imageUrl: String? = nil, fileID: String? = nil, detail: String? = nil) {
            self.imageUrl = imageUrl
            self.fileID = fileID
            self.detail = detail
        }

        /// An image sent inline as a base64 `data:` URL.
        public init(data: Data, mimeType: String, detail: String? = nil) {
            self.init(imageUrl: "data:\(mimeType);base64,\(data.base64EncodedString())", detail: detail)
        }

        enum CodingKeys: String, CodingKey {
            case type
            case imageUrl = "image_url"
            case fileID = "file_id"
            case detail
        }
    }

    /// An `input_file` part (PDFs and other documents).
    public struct InputFile: Codable, Sendable {
        public var type = "input_file"
        public var fileID: String?
        public var fileUrl: String?
        /// The file as a `data:…;base64,…` URL.
        public var fileData: String?
        public var filename: String?

        public init(fileID: String? = nil, fileUrl: String? = nil, fileData: String? = nil, filename: String? = nil) {
            self.fileID = fileID
            self.fileUrl = fileUrl
            self.fileData = fileData
            self.filename = filename
        }

        /// A file sent inline; `data` is base64-encoded into a `data:` URL.
        public init(data: Data, filename: String, mimeType: String) {
            self.init(fileData: "data:\(mimeType);base64,\(data.base64EncodedString())", filename: filename)
        }

        enum CodingKeys: String, CodingKey {
            case type
            case fileID = "file_id"
            case fileUrl = "file_url"
            case fileData = "file_data"
            case filename
        }
    }

    /// The output of a function call, sent back to the model.
    public struct FunctionCallOutput: Codable, Sendable {
        public var type = "function_call_output"
        /// The `call_id` of the function call this answers.
        public var callId: String
        /// The result, usually JSON text.
        public var output: String
        public var id: String?
        public var status: String?

        public init(callId: String, output: String) {
            self.callId = callId
            self.output = output
        }

        enum CodingKeys: String, CodingKey {
            case type
            case callId = "call_id"
            case output, id, status
        }
    }

    /// The conversation of a request: an id, or `{"id": …}`.
    public struct Conversation: Codable, Sendable, ExpressibleByStringLiteral {
        public var id: String

        public init(id: String) { self.id = id }
        public init(stringLiteral value: String) { self.id = value }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let id = try? container.decode(String.self) {
                self.id = id
            } else {
                self.id = try container.decode([String: String].self)["id"] ?? ""
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(id)
        }
    }

    /// A stored prompt template.
    public struct Prompt: Codable, Sendable {
        public var id: String
        public var version: String?
        public var variables: [String: JSONValue]?

        public init(id: String, version: String? = nil, variables: [String: JSONValue]? = nil) {
            self.id = id
            self.version = version
            self.variables = variables
        }
    }

    /// Streaming options.
    public struct StreamOptions: Codable, Sendable {
        /// Adds random `obfuscation` characters to deltas (default on the server: true).
        public var includeObfuscation: Bool?

        public init(includeObfuscation: Bool? = nil) { self.includeObfuscation = includeObfuscation }

        enum CodingKeys: String, CodingKey {
            case includeObfuscation = "include_obfuscation"
        }
    }
}
