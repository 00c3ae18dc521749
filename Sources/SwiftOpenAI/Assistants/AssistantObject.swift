import AICore
import Foundation

/// [Creates](https://platform.openai.com/docs/api-reference/assistants/createAssistant) or
/// [modifies](https://platform.openai.com/docs/api-reference/assistants/modifyAssistant) an assistant (Assistants v2).
public struct AssistantParameters: Encodable, Sendable {
    public var model: String?
    public var name: String?
    public var description: String?
    public var instructions: String?
    /// The tools; nil leaves them as they are when modifying (an empty array removes them all).
    public var tools: [AssistantObject.Tool]?
    /// Files for the code interpreter and vector stores for file search.
    public var toolResources: ToolResources?
    public var metadata: [String: String]?
    public var temperature: Double?
    public var topP: Double?
    /// `auto`, `{"type": "json_object"}` or `{"type": "json_schema", "json_schema": …}`.
    public var responseFormat: JSONValue?
    public var reasoningEffort: String?

    /// Whether the parameters create an assistant (the model is required) or modify one.
    public enum Action: Sendable {
        case create(model: String)
        case modify(model: String?)

        /// Modifies an assistant without changing its model.
        public static var modify: Action { .modify(model: nil) }

        var model: String? {
            switch self {
            case .create(let model): model
            case .modify(let model): model
            }
        }
    }

    /// Parameters that create an assistant (`action: .create(model:)`) or modify one (`action: .modify`); what
    /// is nil is left out. `fileIDS` are Assistants v1's file ids: in v2 they go to the code interpreter's files.
    public init(
        action: Action,
        name: String? = nil,
        description: String? = nil,
        instructions: String? = nil,
        tools: [AssistantObject.Tool]? = nil,
        fileIDS: [String]? = nil,
        toolResources: ToolResources? = nil,
        metadata: [String: String]? = nil,
        temperature: Double? = nil,
        topP: Double? = nil,
        responseFormat: JSONValue? = nil,
        reasoningEffort: String? = nil
    ) {
        self.model = action.model
        self.name = name
        self.description = description
        self.instructions = instructions
        self.tools = tools
        var resources = toolResources
        if let fileIDS, !fileIDS.isEmpty {
            var merged = resources ?? ToolResources()
            let existing = merged.codeInterpreter?.fileIDs ?? []
            merged.codeInterpreter = .init(fileIDs: existing + fileIDS)
            resources = merged
        }
        self.toolResources = resources
        self.metadata = metadata
        self.temperature = temperature
        self.topP = topP
        self.responseFormat = responseFormat
        self.reasoningEffort = reasoningEffort
    }

    enum CodingKeys: String, CodingKey {
        case model, name, description, instructions, tools
        case toolResources = "tool_resources"
        case metadata, temperature
        case topP = "top_p"
        case responseFormat = "response_format"
        case reasoningEffort = "reasoning_effort"
    }
}

/// Files and vector stores the tools of an assistant, thread or run use.
public struct ToolResources: Codable, Sendable {
    public var codeInterpreter: CodeInterpreter?
    public var fileSearch: FileSearch?

    public init(codeInterpreter: CodeInterpreter? = nil, fileSearch: FileSearch? = nil) {
        self.codeInterpreter = codeInterpreter
        self.fileSearch = fileSearch
    }

    public struct CodeInterpreter: Codable, Sendable {
        public var fileIDs: [String]

        public init(fileIDs: [String]) { self.fileIDs = fileIDs }

        enum CodingKeys: String, CodingKey { case fileIDs = "file_ids" }
    }

    public struct FileSearch: Codable, Sendable {
        public var vectorStoreIDs: [String]?

        public init(vectorStoreIDs: [String]?) { self.vectorStoreIDs = vectorStoreIDs }

        enum CodingKeys: String, CodingKey { case vectorStoreIDs = "vector_store_ids" }
    }

    enum CodingKeys: String, CodingKey {
        case codeInterpreter = "code_interpreter"
        case fileSearch = "file_search"
    }
}

/// An [assistant](https://platform.openai.com/docs/api-reference/assistants/object).
public struct AssistantObject: Codable, Sendable {
    public let id: String
    public let object: String
    public let createdAt: Int
    public let name: String?
    public let description: String?
    public let model: String
    public let instructions: String?
    public let tools: [Tool]
    public let toolResources: ToolResources?
    /// The code interpreter's files (Assistants v1 called them the assistant's files).
    public var fileIDS: [String] { toolResources?.codeInterpreter?.fileIDs ?? [] }
    public let metadata: [String: String]
    public let temperature: Double?
    public let topP: Double?
    public let responseFormat: JSONValue?

    /// A tool: `code_interpreter`, `file_search` or `function`.
    public struct Tool: Codable, Sendable {
        public let type: String
        public let function: ChatCompletionParameters.ChatFunction?
        /// `file_search` options (`max_num_results`, `ranking_options`).
        public let fileSearch: JSONValue?

        public enum ToolType: String, CaseIterable, Sendable {
            case codeInterpreter = "code_interpreter"
            case fileSearch = "file_search"
            /// Assistants v1's name for file search.
            case retrieval
            case function
        }

        public var displayToolType: ToolType? { .init(rawValue: type) }

        public init(type: ToolType, function: ChatCompletionParameters.ChatFunction? = nil, fileSearch: JSONValue? = nil) {
            self.type = type == .retrieval ? ToolType.fileSearch.rawValue : type.rawValue
            self.function = function
            self.fileSearch = fileSearch
        }

        enum CodingKeys: String, CodingKey {
            case type, function
            case fileSearch = "file_search"
        }
    }

    /// The answer to a deletion.
    public typealias DeletionStatus = SwiftOpenAI.DeletionStatus

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        object = try container.decodeIfPresent(String.self, forKey: .object) ?? "assistant"
        createdAt = try container.decode(Int.self, forKey: .createdAt)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        model = try container.decode(String.self, forKey: .model)
        instructions = try container.decodeIfPresent(String.self, forKey: .instructions)
        tools = try container.decodeIfPresent([Tool].self, forKey: .tools) ?? []
        toolResources = try container.decodeIfPresent(ToolResources.self, forKey: .toolResources)
        metadata = (try? container.decodeIfPresent([String: String].self, forKey: .metadata)) ?? [:]
        temperature = try container.decodeIfPresent(Double.self, forKey: .temperature)
        topP = try container.decodeIfPresent(Double.self, forKey: .topP)
        responseFormat = try container.decodeIfPresent(JSONValue.self, forKey: .responseFormat)
    }

    enum CodingKeys: String, CodingKey {
        case id, object
        case createdAt = "created_at"
        case name, description, model, instructions, tools
        case toolResources = "tool_resources"
        case metadata, temperature
        case topP = "top_p"
        case responseFormat = "response_format"
    }
}
