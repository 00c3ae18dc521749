import AICore
import Foundation

/// Options shared by run requests: model and instruction overrides, limits, tools.
public struct RunParameter: Encodable, Sendable {
    public let assistantID: String
    public var model: String?
    /// Replaces the assistant's instructions for this run.
    public var instructions: String?
    /// Appended to the assistant's instructions for this run.
    public var additionalInstructions: String?
    /// Messages added to the thread before the run.
    public var additionalMessages: [MessageParameter]?
    public var tools: [AssistantObject.Tool]?
    public var metadata: [String: String]?
    public var temperature: Double?
    public var topP: Double?
    public var maxPromptTokens: Int?
    public var maxCompletionTokens: Int?
    /// `{"type": "auto"}` or `{"type": "last_messages", "last_messages": n}`.
    public var truncationStrategy: TruncationStrategy?
    /// `none`, `auto`, `required` or `{"type": "function", "function": {"name": …}}`.
    public var toolChoice: JSONValue?
    public var parallelToolCalls: Bool?
    public var responseFormat: JSONValue?
    public var reasoningEffort: String?
    /// Set by the streaming calls.
    public var stream: Bool

    public init(
        assistantID: String,
        model: String? = nil,
        instructions: String? = nil,
        additionalInstructions: String? = nil,
        additionalMessages: [MessageParameter]? = nil,
        tools: [AssistantObject.Tool]? = nil,
        metadata: [String: String]? = nil,
        temperature: Double? = nil,
        topP: Double? = nil,
        maxPromptTokens: Int? = nil,
        maxCompletionTokens: Int? = nil,
        truncationStrategy: TruncationStrategy? = nil,
        toolChoice: JSONValue? = nil,
        parallelToolCalls: Bool? = nil,
        responseFormat: JSONValue? = nil,
        reasoningEffort: String? = nil,
        stream: Bool = false
    ) {
        self.assistantID = assistantID
        self.model = model
        self.instructions = instructions
        self.additionalInstructions = additionalInstructions
        self.additionalMessages = additionalMessages
        self.tools = tools
        self.metadata = metadata
        self.temperature = temperature
        self.topP = topP
        self.maxPromptTokens = maxPromptTokens
        self.maxCompletionTokens = maxCompletionTokens
        self.truncationStrategy = truncationStrategy
        self.toolChoice = toolChoice
        self.parallelToolCalls = parallelToolCalls
        self.responseFormat = responseFormat
        self.reasoningEffort = reasoningEffort
        self.stream = stream
    }

    enum CodingKeys: String, CodingKey {
        case assistantID = "assistant_id"
        case model, instructions
        case additionalInstructions = "additional_instructions"
        case additionalMessages = "additional_messages"
        case tools, metadata, temperature
        case topP = "top_p"
        case maxPromptTokens = "max_prompt_tokens"
        case maxCompletionTokens = "max_completion_tokens"
        case truncationStrategy = "truncation_strategy"
        case toolChoice = "tool_choice"
        case parallelToolCalls = "parallel_tool_calls"
        case responseFormat = "response_format"
        case reasoningEffort = "reasoning_effort"
        case stream
    }
}

/// How a run truncates the thread.
public struct TruncationStrategy: Codable, Sendable, Equatable {
    /// `auto` or `last_messages`.
    public let type: String
    public let lastMessages: Int?

    public static let auto = TruncationStrategy(type: "auto", lastMessages: nil)
    public static func lastMessages(_ count: Int) -> TruncationStrategy { TruncationStrategy(type: "last_messages", lastMessages: count) }

    public init(type: String, lastMessages: Int?) {
        self.type = type
        self.lastMessages = lastMessages
    }

    enum CodingKeys: String, CodingKey {
        case type
        case lastMessages = "last_messages"
    }
}

/// [Modifies a run](https://platform.openai.com/docs/api-reference/runs/modifyRun).
public struct ModifyRunParameters: Encodable, Sendable {
    public var metadata: [String: String]

    public init(metadata: [String: String]) { self.metadata = metadata }
}

/// [Creates a thread and runs it](https://platform.openai.com/docs/api-reference/runs/createThreadAndRun).
public struct CreateThreadAndRunParameter: Encodable, Sendable {
    public let assistantId: String
    public var thread: CreateThreadParameters?
    public var model: String?
    public var instructions: String?
    public var tools: [AssistantObject.Tool]?
    public var toolResources: ToolResources?
    public var metadata: [String: String]?
    public var temperature: Double?
    public var maxCompletionTokens: Int?
    public var truncationStrategy: TruncationStrategy?
    public var toolChoice: JSONValue?
    public var stream: Bool

    public init(
        assistantID: String, thread: CreateThreadParameters? = nil, model: String? = nil, instructions: String? = nil,
        tools: [AssistantObject.Tool]? = nil, toolResources: ToolResources? = nil, metadata: [String: String]? = nil,
        temperature: Double? = nil, maxCompletionTokens: Int? = nil, truncationStrategy: TruncationStrategy? = nil,
        toolChoice: JSONValue? = nil, stream: Bool = false
    ) {
        self.assistantId = assistantID
        self.thread = thread
        self.model = model
        self.instructions = instructions
        self.tools = tools
        self.toolResources = toolResources
        self.metadata = metadata
        self.temperature = temperature
        self.maxCompletionTokens = maxCompletionTokens
        self.truncationStrategy = truncationStrategy
        self.toolChoice = toolChoice
        self.stream = stream
    }

    enum CodingKeys: String, CodingKey {
        case assistantId = "assistant_id"
        case thread, model, instructions, tools
        case toolResources = "tool_resources"
        case metadata, temperature
        case maxCompletionTokens = "max_completion_tokens"
        case truncationStrategy = "truncation_strategy"
        case toolChoice = "tool_choice"
        case stream
    }
}

/// [Submits tool outputs](https://platform.openai.com/docs/api-reference/runs/submitToolOutputs) to a run that requires action.
public struct RunToolsOutputParameter: Encodable, Sendable {
    public let toolOutputs: [ToolOutput]
    public var stream: Bool

    public struct ToolOutput: Encodable, Sendable {
        public let toolCallId: String
        public let output: String

        public init(toolCallId: String, output: String) {
            self.toolCallId = toolCallId
            self.output = output
        }

        enum CodingKeys: String, CodingKey {
            case toolCallId = "tool_call_id"
            case output
        }
    }

    public init(toolOutputs: [ToolOutput], stream: Bool = false) {
        self.toolOutputs = toolOutputs
        self.stream = stream
    }

    enum CodingKeys: String, CodingKey {
        case toolOutputs = "tool_outputs"
        case stream
    }
}

/// A [run](https://platform.openai.com/docs/api-reference/runs/object) of an assistant on a thread.
public struct RunObject: Codable, Sendable {
    public let id: String
    public let object: String
    public let createdAt: Int
    public let threadID: String
    public let assistantID: String
    /// `queued`, `in_progress`, `requires_action`, `cancelling`, `cancelled`, `failed`, `completed`, `incomplete` or `expired`.
    public let status: String
    /// The function calls to answer, when `status` is `requires_action`.
    public let requiredAction: RequiredAction?
    public let lastError: LastError?
    public let expiresAt: Int?
    public let startedAt: Int?
    public let cancelledAt: Int?
    public let failedAt: Int?
    public let completedAt: Int?
    public let incompleteDetails: JSONValue?
    public let model: String
    public let instructions: String?
    public let tools: [AssistantObject.Tool]
    public let metadata: [String: String]
    public let usage: Usage?
    public let temperature: Double?
    public let topP: Double?
    public let maxPromptTokens: Int?
    public let maxCompletionTokens: Int?
    public let truncationStrategy: TruncationStrategy?
    public let toolChoice: JSONValue?
    public let parallelToolCalls: Bool?
    public let responseFormat: JSONValue?

    /// Always empty: kept only so code written for Assistants v1 compiles.
    ///
    /// Assistants v1 runs listed the `file_ids` they used; Assistants v2 runs carry no file ids (nor
    /// `tool_resources`). The files of a v2 run belong to its assistant's or thread's `tool_resources`.
    @available(*, deprecated, message: "Assistants v2 runs carry no file ids; this is always empty. Read the assistant's or thread's toolResources instead.")
    public var fileIDS: [String] { [] }

    /// Whether the run will change no more without your action.
    public var isFinished: Bool { ["cancelled", "failed", "completed", "incomplete", "expired"].contains(status) }

    public struct RequiredAction: Codable, Sendable {
        /// `submit_tool_outputs`.
        public let type: String
        public let submitToolOutputs: SubmitToolOutputs

        public struct SubmitToolOutputs: Codable, Sendable {
            public let toolCalls: [ToolCall]

            enum CodingKeys: String, CodingKey { case toolCalls = "tool_calls" }
        }

        enum CodingKeys: String, CodingKey {
            case type
            case submitToolOutputs = "submit_tool_outputs"
        }
    }

    public struct LastError: Codable, Sendable {
        /// `server_error`, `rate_limit_exceeded` or `invalid_prompt`.
        public let code: String
        public let message: String
    }

    public struct Usage: Codable, Sendable, Equatable {
        public let completionTokens: Int
        public let promptTokens: Int
        public let totalTokens: Int

        enum CodingKeys: String, CodingKey {
            case completionTokens = "completion_tokens"
            case promptTokens = "prompt_tokens"
            case totalTokens = "total_tokens"
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        object = try container.decodeIfPresent(String.self, forKey: .object) ?? "thread.run"
        createdAt = try container.decode(Int.self, forKey: .createdAt)
        threadID = try container.decode(String.self, forKey: .threadID)
        assistantID = try container.decode(String.self, forKey: .assistantID)
        status = try container.decode(String.self, forKey: .status)
        requiredAction = try container.decodeIfPresent(RequiredAction.self, forKey: .requiredAction)
        lastError = try container.decodeIfPresent(LastError.self, forKey: .lastError)
        expiresAt = try container.decodeIfPresent(Int.self, forKey: .expiresAt)
        startedAt = try container.decodeIfPresent(Int.self, forKey: .startedAt)
        cancelledAt = try container.decodeIfPresent(Int.self, forKey: .cancelledAt)
        failedAt = try container.decodeIfPresent(Int.self, forKey: .failedAt)
        completedAt = try container.decodeIfPresent(Int.self, forKey: .completedAt)
        incompleteDetails = try container.decodeIfPresent(JSONValue.self, forKey: .incompleteDetails)
        model = try container.decodeIfPresent(String.self, forKey: .model) ?? ""
        instructions = try container.decodeIfPresent(String.self, forKey: .instructions)
        tools = try container.decodeIfPresent([AssistantObject.Tool].self, forKey: .tools) ?? []
        metadata = (try? container.decodeIfPresent([String: String].self, forKey: .metadata)) ?? [:]
        usage = try container.decodeIfPresent(Usage.self, forKey: .usage)
        temperature = try container.decodeIfPresent(Double.self, forKey: .temperature)
        topP = try container.decodeIfPresent(Double.self, forKey: .topP)
        maxPromptTokens = try container.decodeIfPresent(Int.self, forKey: .maxPromptTokens)
        maxCompletionTokens = try container.decodeIfPresent(Int.self, forKey: .maxCompletionTokens)
        truncationStrategy = try container.decodeIfPresent(TruncationStrategy.self, forKey: .truncationStrategy)
        toolChoice = try container.decodeIfPresent(JSONValue.self, forKey: .toolChoice)
        parallelToolCalls = try container.decodeIfPresent(Bool.self, forKey: .parallelToolCalls)
        responseFormat = try container.decodeIfPresent(JSONValue.self, forKey: .responseFormat)
    }

    enum CodingKeys: String, CodingKey {
        case id, object
        case createdAt = "created_at"
        case threadID = "thread_id"
        case assistantID = "assistant_id"
        case status
        case requiredAction = "required_action"
        case lastError = "last_error"
        case expiresAt = "expires_at"
        case startedAt = "started_at"
        case cancelledAt = "cancelled_at"
        case failedAt = "failed_at"
        case completedAt = "completed_at"
        case incompleteDetails = "incomplete_details"
        case model, instructions, tools, metadata, usage, temperature
        case topP = "top_p"
        case maxPromptTokens = "max_prompt_tokens"
        case maxCompletionTokens = "max_completion_tokens"
        case truncationStrategy = "truncation_strategy"
        case toolChoice = "tool_choice"
        case parallelToolCalls = "parallel_tool_calls"
        case responseFormat = "response_format"
    }
}

/// A [run step](https://platform.openai.com/docs/api-reference/run-steps/step-object).
public struct RunStepObject: Codable, Sendable {
    public let id: String
    public let object: String
    public let createdAt: Int
    public let assistantId: String
    public let threadId: String
    public let runId: String
    /// `message_creation` or `tool_calls`.
    public let type: String
    public let status: String
    public let stepDetails: RunStepDetails
    public let lastError: RunObject.LastError?
    public let expiredAt: Int?
    public let cancelledAt: Int?
    public let failedAt: Int?
    public let completedAt: Int?
    public let metadata: [String: String]?
    public let usage: RunObject.Usage?

    enum CodingKeys: String, CodingKey {
        case id, object
        case createdAt = "created_at"
        case assistantId = "assistant_id"
        case threadId = "thread_id"
        case runId = "run_id"
        case type, status
        case stepDetails = "step_details"
        case lastError = "last_error"
        case expiredAt = "expired_at"
        case cancelledAt = "cancelled_at"
        case failedAt = "failed_at"
        case completedAt = "completed_at"
        case metadata, usage
    }
}

/// What a run step did: create a message, or call tools.
public struct RunStepDetails: Codable, Sendable {
    /// `message_creation` or `tool_calls`.
    public let type: String
    public let messageCreation: MessageCreation?
    public let toolCalls: [ToolCall]?

    public struct MessageCreation: Codable, Sendable {
        public let messageID: String

        enum CodingKeys: String, CodingKey { case messageID = "message_id" }
    }

    /// A tool call of a step (in deltas, possibly partial).
    public struct ToolCall: Codable, Sendable {
        public let index: Int?
        public let id: String?
        public let type: String
        public let toolCall: RunStepToolCall?

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            index = try container.decodeIfPresent(Int.self, forKey: .index)
            id = try container.decodeIfPresent(String.self, forKey: .id)
            type = try container.decode(String.self, forKey: .type)
            switch type {
            case "code_interpreter":
                toolCall = .codeInterpreterToolCall(try container.decode(CodeInterpreterToolCall.self, forKey: .codeInterpreter))
            case "file_search", "retrieval":
                toolCall = .retrieveToolCall(try container.decodeIfPresent(FileSearchToolCall.self, forKey: .fileSearch) ?? FileSearchToolCall(rankingOptions: nil, results: nil))
            case "function":
                toolCall = .functionToolCall(try container.decode(FunctionToolCall.self, forKey: .function))
            default:
                toolCall = nil
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(index, forKey: .index)
            try container.encodeIfPresent(id, forKey: .id)
            try container.encode(type, forKey: .type)
            switch toolCall {
            case .codeInterpreterToolCall(let call): try container.encode(call, forKey: .codeInterpreter)
            case .retrieveToolCall(let call): try container.encode(call, forKey: .fileSearch)
            case .functionToolCall(let call): try container.encode(call, forKey: .function)
            case nil: break
            }
        }

        enum CodingKeys: String, CodingKey {
            case index, id, type
            case codeInterpreter = "code_interpreter"
            case fileSearch = "file_search"
            case function
        }
    }

    enum CodingKeys: String, CodingKey {
        case type
        case messageCreation = "message_creation"
        case toolCalls = "tool_calls"
    }
}

/// The tool a run step called.
public enum RunStepToolCall: Sendable {
    case codeInterpreterToolCall(CodeInterpreterToolCall)
    /// A `file_search` call (Assistants v1 called the tool `retrieval`).
    case retrieveToolCall(FileSearchToolCall)
    case functionToolCall(FunctionToolCall)
}

/// Code the code interpreter ran, and what it printed or drew.
public struct CodeInterpreterToolCall: Codable, Sendable {
    /// The code (in deltas, the next piece of it).
    public let input: String?
    /// `{"type": "logs", "logs": …}` or `{"type": "image", "image": {"file_id": …}}` entries.
    public let outputs: [JSONValue]?
}

/// A file search.
public struct FileSearchToolCall: Codable, Sendable {
    public let rankingOptions: JSONValue?
    public let results: [JSONValue]?

    enum CodingKeys: String, CodingKey {
        case rankingOptions = "ranking_options"
        case results
    }
}

/// A function call of a run step.
public struct FunctionToolCall: Codable, Sendable {
    public let name: String?
    /// The arguments (in deltas, the next piece).
    public let arguments: String?
    /// The output, once submitted.
    public let output: String?
}

/// A [run step delta](https://platform.openai.com/docs/api-reference/assistants-streaming/run-step-delta-object).
public struct RunStepDeltaObject: Codable, Sendable {
    public let id: String
    public let object: String
    public let delta: Delta

    public struct Delta: Codable, Sendable {
        public let stepDetails: RunStepDetails

        private enum CodingKeys: String, CodingKey {
            case stepDetails = "step_details"
        }
    }
}
