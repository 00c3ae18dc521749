import AICore
import Foundation
import SwiftOpenAI

/// A Responses API request.
///
/// Encodes to the same JSON as SwiftOpenAI's `ModelResponseParameter` (it is converted to one).
public struct SAOAIRequest: Codable, Sendable {
    /// The Azure deployment name or the OpenAI model name.
    public var model: String?
    public var input: [SAOAIInput]
    public var maxOutputTokens: Int?
    public var temperature: Double?
    public var topP: Double?
    public var tools: [SAOAITool]?
    public var previousResponseId: String?
    public var reasoning: SAOAIReasoning?
    public var text: SAOAIText?
    public var stream: Bool?
    /// A system (developer) message placed first.
    public var instructions: String?
    /// Whether the response is stored for `retrieve` and follow-ups (the server's default is true).
    public var store: Bool?
    /// Extra output, e.g. `reasoning.encrypted_content`.
    public var include: [String]?
    public var metadata: [String: String]?

    /// A request from messages.
    public init(
        model: String? = nil, input: [SAOAIMessage], maxOutputTokens: Int? = nil, temperature: Double? = nil,
        topP: Double? = nil, tools: [SAOAITool]? = nil, previousResponseId: String? = nil,
        reasoning: SAOAIReasoning? = nil, text: SAOAIText? = nil, stream: Bool? = nil, instructions: String? = nil,
        store: Bool? = nil, include: [String]? = nil, metadata: [String: String]? = nil
    ) {
        self.init(
            model: model, input: input.map(SAOAIInput.message), maxOutputTokens: maxOutputTokens,
            temperature: temperature, topP: topP, tools: tools, previousResponseId: previousResponseId,
            reasoning: reasoning, text: text, stream: stream, instructions: instructions, store: store,
            include: include, metadata: metadata)
    }

    /// A request from input items (messages and function call outputs).
    public init(
        model: String? = nil, input: [SAOAIInput], maxOutputTokens: Int? = nil, temperature: Double? = nil,
        topP: Double? = nil, tools: [SAOAITool]? = nil, previousResponseId: String? = nil,
        reasoning: SAOAIReasoning? = nil, text: SAOAIText? = nil, stream: Bool? = nil, instructions: String? = nil,
        store: Bool? = nil, include: [String]? = nil, metadata: [String: String]? = nil
    ) {
        self.model = model
        self.input = input
        self.maxOutputTokens = maxOutputTokens
        self.temperature = temperature
        self.topP = topP
        self.tools = tools
        self.previousResponseId = previousResponseId
        self.reasoning = reasoning
        self.text = text
        self.stream = stream
        self.instructions = instructions
        self.store = store
        self.include = include
        self.metadata = metadata
    }

    /// The shared Responses parameters this request stands for.
    var parameters: ModelResponseParameter {
        var parameters = ModelResponseParameter(
            input: .array(input.flatMap(\.items)), model: .custom(model ?? ""), include: include,
            instructions: instructions, maxOutputTokens: maxOutputTokens, metadata: metadata,
            previousResponseId: previousResponseId, reasoning: reasoning.map(\.parameter), store: store,
            temperature: temperature, text: text?.parameter, tools: tools?.map(\.tool), topP: topP)
        parameters.stream = stream
        return parameters
    }

    public func encode(to encoder: any Encoder) throws {
        try parameters.encode(to: encoder)
    }

    public init(from decoder: any Decoder) throws {
        let parameters = try ModelResponseParameter(from: decoder)
        var input: [SAOAIInput] = []
        switch parameters.input {
        case .string(let text): input = [.message(SAOAIMessage(role: .user, text: text))]
        case .array(let items): input = items.compactMap(SAOAIInput.init)
        }
        self.init(
            model: parameters.model.isEmpty ? nil : parameters.model, input: input, maxOutputTokens: parameters.maxOutputTokens,
            temperature: parameters.temperature, topP: parameters.topP, tools: parameters.tools?.map(SAOAITool.init),
            previousResponseId: parameters.previousResponseId,
            reasoning: parameters.reasoning.map { SAOAIReasoning(effort: $0.effort ?? "medium", summary: $0.summary) },
            text: parameters.text.map { SAOAIText(verbosity: $0.verbosity) }, stream: parameters.stream,
            instructions: parameters.instructions, store: parameters.store, include: parameters.include,
            metadata: parameters.metadata)
    }
}

/// One input item: a message or a function call output.
public enum SAOAIInput: Codable, Sendable {
    case message(SAOAIMessage)
    case functionCallOutput(SAOAIInputContent.FunctionCallOutput)

    var items: [ModelResponseParameter.InputItem] {
        switch self {
        case .message(let message): message.items
        case .functionCallOutput(let output): [.functionCallOutput(output.parameter)]
        }
    }

    init?(_ item: ModelResponseParameter.InputItem) {
        switch item {
        case .message(let message): self = .message(SAOAIMessage(message))
        case .functionCallOutput(let output): self = .functionCallOutput(.init(callId: output.callId, output: output.output))
        default: return nil
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch items.count {
        case 1: try container.encode(items[0])
        default: try container.encode(items)
        }
    }

    public init(from decoder: any Decoder) throws {
        guard let input = SAOAIInput(try ModelResponseParameter.InputItem(from: decoder)) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "Not a message or function_call_output."))
        }
        self = input
    }
}

/// The role of a message.
public enum SAOAIMessageRole: String, Codable, Sendable {
    case system, user, assistant, developer
}

/// A message: a role and content parts.
public struct SAOAIMessage: Codable, Sendable {
    /// Nil for a message that only carries function call outputs.
    public var role: SAOAIMessageRole?
    public var content: [SAOAIInputContent]

    public init(role: SAOAIMessageRole?, content: [SAOAIInputContent]) {
        self.role = role
        self.content = content
    }

    /// A text message.
    public init(role: SAOAIMessageRole, text: String) {
        self.init(role: role, content: [.inputText(.init(text: text))])
    }

    /// A message carrying a function call output.
    public init(functionCallOutput: SAOAIInputContent.FunctionCallOutput) {
        self.init(role: nil, content: [.functionCallOutput(functionCallOutput)])
    }

    /// Text and an image by URL.
    public init(role: SAOAIMessageRole, text: String, imageURL: String) {
        self.init(role: role, content: [.inputText(.init(text: text)), .inputImage(.init(imageURL: imageURL))])
    }

    /// Text and a base64-encoded image.
    public init(role: SAOAIMessageRole, text: String, base64Image: String, mimeType: String = "image/jpeg") {
        self.init(role: role, content: [.inputText(.init(text: text)), .inputImage(.init(base64Data: base64Image, mimeType: mimeType))])
    }

    /// Text and a base64-encoded file (a PDF by default).
    public init(role: SAOAIMessageRole, text: String, filename: String, base64FileData: String, mimeType: String = "application/pdf") {
        self.init(
            role: role,
            content: [.inputText(.init(text: text)), .inputFile(.init(filename: filename, base64Data: base64FileData, mimeType: mimeType))])
    }

    /// Text and an uploaded file.
    public init(role: SAOAIMessageRole, text: String, fileId: String) {
        self.init(role: role, content: [.inputText(.init(text: text)), .inputFile(.init(fileId: fileId))])
    }

    init(_ message: ModelResponseParameter.InputMessage) {
        let role = SAOAIMessageRole(rawValue: message.role) ?? .user
        switch message.content {
        case .text(let text): self.init(role: role, text: text)
        case .array(let parts): self.init(role: role, content: parts.compactMap(SAOAIInputContent.init))
        }
    }

    /// The input items: one message, plus one item per function call output part.
    var items: [ModelResponseParameter.InputItem] {
        var parts: [ModelResponseParameter.ContentItem] = []
        var outputs: [ModelResponseParameter.InputItem] = []
        for part in content {
            switch part {
            case .inputText(let text): parts.append(role == .assistant ? .outputText(text.text) : .text(text.text))
            case .inputImage(let image): parts.append(.image(image.parameter))
            case .inputFile(let file): parts.append(.file(file.parameter))
            case .functionCallOutput(let output): outputs.append(.functionCallOutput(output.parameter))
            }
        }
        var items: [ModelResponseParameter.InputItem] = []
        if !parts.isEmpty || outputs.isEmpty {
            items.append(.message(.init(role: (role ?? .user).rawValue, content: .array(parts))))
        }
        return items + outputs
    }

    public func encode(to encoder: any Encoder) throws {
        let items = items
        var container = encoder.singleValueContainer()
        if items.count == 1 { try container.encode(items[0]) } else { try container.encode(items) }
    }

    public init(from decoder: any Decoder) throws {
        let item = try ModelResponseParameter.InputItem(from: decoder)
        switch item {
        case .message(let message): self.init(message)
        case .functionCallOutput(let output): self.init(functionCallOutput: .init(callId: output.callId, output: output.output))
        default:
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "Not a message."))
        }
    }
}

/// One content part of an input message.
public enum SAOAIInputContent: Codable, Sendable {
    case inputText(InputText)
    case inputImage(InputImage)
    case inputFile(InputFile)
    case functionCallOutput(FunctionCallOutput)

    init?(_ part: ModelResponseParameter.ContentItem) {
        switch part {
        case .text(let text), .outputText(let text): self = .inputText(.init(text: text))
        case .image(let image): self = .inputImage(.init(imageURL: image.imageUrl ?? "", detail: image.detail))
        case .file(let file):
            self = .inputFile(.init(filename: file.filename, fileData: file.fileData, fileId: file.fileID, fileURL: file.fileUrl))
        case .raw: return nil
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .inputText(let text): try ModelResponseParameter.ContentItem.text(text.text).encode(to: encoder)
        case .inputImage(let image): try image.parameter.encode(to: encoder)
        case .inputFile(let file): try file.parameter.encode(to: encoder)
        case .functionCallOutput(let output): try output.parameter.encode(to: encoder)
        }
    }

    public init(from decoder: any Decoder) throws {
        let type = decoder.stringField(named: "type")
        if type == "function_call_output" {
            let output = try ModelResponseParameter.FunctionCallOutput(from: decoder)
            self = .functionCallOutput(.init(callId: output.callId, output: output.output))
        } else if let part = SAOAIInputContent(try ModelResponseParameter.ContentItem(from: decoder)) {
            self = part
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "Unknown input content \(type ?? "")."))
        }
    }

    /// `input_text`.
    public struct InputText: Codable, Sendable, Equatable {
        public var type: String { "input_text" }
        public var text: String

        public init(text: String) { self.text = text }
    }

    /// `input_image`: an `https:` URL or a `data:` URL.
    public struct InputImage: Codable, Sendable, Equatable {
        public var type: String { "input_image" }
        public var imageURL: String
        /// `low`, `high` or `auto`.
        public var detail: String?

        public init(imageURL: String, detail: String? = nil) {
            self.imageURL = imageURL
            self.detail = detail
        }

        /// An image from base64 data.
        public init(base64Data: String, mimeType: String = "image/jpeg", detail: String? = nil) {
            self.init(imageURL: "data:\(mimeType);base64,\(base64Data)", detail: detail)
        }

        var parameter: ModelResponseParameter.InputImage {
            ModelResponseParameter.InputImage(imageUrl: imageURL, detail: detail)
        }

        enum CodingKeys: String, CodingKey {
            case imageURL = "image_url"
            case detail
        }
    }

    /// `input_file`: a PDF or other document, inline (base64) or by file id or URL.
    public struct InputFile: Codable, Sendable, Equatable {
        public var type: String { "input_file" }
        public var filename: String?
        /// A `data:` URL (or base64 data, sent as given).
        public var fileData: String?
        public var fileId: String?
        public var fileURL: String?

        public init(filename: String? = nil, fileData: String? = nil, fileId: String? = nil, fileURL: String? = nil) {
            self.filename = filename
            self.fileData = fileData
            self.fileId = fileId
            self.fileURL = fileURL
        }

        /// An uploaded file.
        public init(fileId: String) { self.init(filename: nil, fileData: nil, fileId: fileId) }

        /// A file from base64 data; sent as a `data:` URL.
        public init(filename: String, base64Data: String, mimeType: String = "application/pdf") {
            self.init(filename: filename, fileData: "data:\(mimeType);base64,\(base64Data)")
        }

        var parameter: ModelResponseParameter.InputFile {
            ModelResponseParameter.InputFile(fileID: fileId, fileUrl: fileURL, fileData: fileData, filename: filename)
        }

        enum CodingKeys: String, CodingKey {
            case filename
            case fileData = "file_data"
            case fileId = "file_id"
            case fileURL = "file_url"
        }
    }

    /// The result of a function call, answering the model's `function_call` with the same `call_id`.
    public struct FunctionCallOutput: Codable, Sendable, Equatable {
        public var type: String { "function_call_output" }
        public var callId: String
        public var output: String

        public init(callId: String, output: String) {
            self.callId = callId
            self.output = output
        }

        var parameter: ModelResponseParameter.FunctionCallOutput {
            ModelResponseParameter.FunctionCallOutput(callId: callId, output: output)
        }

        enum CodingKeys: String, CodingKey {
            case callId = "call_id"
            case output
        }
    }
}

/// Reasoning settings: effort (`minimal`, `low`, `medium`, `high`) and an optional summary (`auto`, `concise`, `detailed`).
public struct SAOAIReasoning: Codable, Sendable, Equatable {
    public var effort: String
    public var summary: String?

    public init(effort: String, summary: String? = nil) {
        self.effort = effort
        self.summary = summary
    }

    var parameter: ModelResponseParameter.Reasoning { .init(effort: effort, summary: summary) }
}

/// Text output settings: verbosity, and optionally a JSON output format.
public struct SAOAIText: Codable, Sendable {
    /// `low`, `medium` or `high`.
    public var verbosity: String?
    /// Structured output: `json_object`, or `json_schema` with a schema.
    public var format: SAOAITextFormat?

    public init(verbosity: String?, format: SAOAITextFormat? = nil) {
        self.verbosity = verbosity
        self.format = format
    }

    public static func low() -> SAOAIText { SAOAIText(verbosity: "low") }
    public static func medium() -> SAOAIText { SAOAIText(verbosity: "medium") }
    public static func high() -> SAOAIText { SAOAIText(verbosity: "high") }

    var parameter: ModelResponseParameter.TextConfiguration {
        .init(format: format?.parameter, verbosity: verbosity)
    }
}

/// The output format of ``SAOAIText``.
public struct SAOAITextFormat: Codable, Sendable {
    public var type: String
    public var name: String?
    public var schema: SAOAIJSONValue?
    public var strict: Bool?

    /// JSON mode.
    public static let jsonObject = SAOAITextFormat(type: "json_object")

    /// Structured outputs: the reply is JSON matching `schema`.
    public static func jsonSchema(name: String, schema: SAOAIJSONValue, strict: Bool = true) -> SAOAITextFormat {
        SAOAITextFormat(type: "json_schema", name: name, schema: schema, strict: strict)
    }

    public init(type: String, name: String? = nil, schema: SAOAIJSONValue? = nil, strict: Bool? = nil) {
        self.type = type
        self.name = name
        self.schema = schema
        self.strict = strict
    }

    var parameter: ModelResponseParameter.TextConfiguration.Format {
        .init(type: type, name: name, schema: schema?.jsonValue, strict: strict)
    }
}

/// A tool the model may use.
public struct SAOAITool: Codable, Sendable {
    let tool: ModelResponseParameter.Tool

    init(_ tool: ModelResponseParameter.Tool) { self.tool = tool }

    /// The tool's `type`, e.g. `function`, `code_interpreter`, `web_search`.
    public var type: String { tool.type }

    /// The function name, for function tools.
    public var name: String? {
        if case .function(let function) = tool { function.name } else { nil }
    }

    /// A function tool; `parameters` is its JSON schema.
    public static func function(name: String, description: String, parameters: SAOAIJSONValue, strict: Bool? = nil) -> SAOAITool {
        SAOAITool(.function(name: name, description: description, parameters: parameters.jsonValue, strict: strict))
    }

    /// The code interpreter in an automatic container.
    public static func codeInterpreter(fileIds: [String] = []) -> SAOAITool {
        SAOAITool(.codeInterpreter(.auto(fileIDs: fileIds)))
    }

    /// Web search (`web_search_preview` on deployments without the newer tool).
    public static func webSearch(type: String = "web_search", searchContextSize: String? = nil) -> SAOAITool {
        SAOAITool(.webSearch(.init(type: type, searchContextSize: searchContextSize)))
    }

    /// File search over vector stores.
    public static func fileSearch(vectorStoreIds: [String], maxNumResults: Int? = nil) -> SAOAITool {
        SAOAITool(.fileSearch(.init(vectorStoreIds: vectorStoreIds, maxNumResults: maxNumResults)))
    }

    /// Image generation.
    public static func imageGeneration(quality: String? = nil, size: String? = nil) -> SAOAITool {
        SAOAITool(.imageGeneration(.init(quality: quality, size: size)))
    }

    /// A remote MCP server.
    public static func mcp(serverLabel: String, serverURL: String, requireApproval: String? = nil, headers: [String: String]? = nil) -> SAOAITool {
        SAOAITool(.mcp(.init(serverLabel: serverLabel, serverUrl: serverURL, headers: headers, requireApproval: requireApproval.map(JSONValue.string))))
    }

    /// Any tool, as JSON.
    public static func custom(_ json: SAOAIJSONValue) -> SAOAITool {
        var encoded = Data()
        if let data = try? JSONEncoder().encode(json.jsonValue) { encoded = data }
        let tool = (try? JSONDecoder().decode(ModelResponseParameter.Tool.self, from: encoded)) ?? .raw(json.jsonValue)
        return SAOAITool(tool)
    }

    public func encode(to encoder: any Encoder) throws { try tool.encode(to: encoder) }
    public init(from decoder: any Decoder) throws { tool = try ModelResponseParameter.Tool(from: decoder) }
}
