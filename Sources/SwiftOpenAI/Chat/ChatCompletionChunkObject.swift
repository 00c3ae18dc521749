import AICore

/// A [streamed](https://platform.openai.com/docs/api-reference/chat/streaming) chunk of a chat completion.
public struct ChatCompletionChunkObject: Codable, Sendable {
    /// The id shared by every chunk of one completion.
    public let id: String
    /// The choice deltas; empty in the final usage chunk.
    public let choices: [ChatChoice]
    /// The Unix timestamp (in seconds) of when the completion was created.
    public let created: Int
    /// The model generating the completion.
    public let model: String
    /// The backend configuration the model runs with.
    public let systemFingerprint: String?
    /// Always `chat.completion.chunk`.
    public let object: String
    /// Usage of the whole request: only in the last chunk, with `stream_options.include_usage`.
    public let usage: ChatCompletionObject.ChatUsage?
    /// The processing tier that served the request.
    public let serviceTier: String?

    enum CodingKeys: String, CodingKey {
        case id, choices, created, model, object, usage
        case systemFingerprint = "system_fingerprint"
        case serviceTier = "service_tier"
    }

    public struct ChatChoice: Codable, Sendable {
        /// What this chunk adds to the message.
        public let delta: Delta
        /// Set in the last chunk of a choice.
        public let finishReason: IntOrStringValue?
        /// The index of the choice.
        public let index: Int
        /// Legacy vision-preview field.
        public let finishDetails: FinishDetails?
        /// Log probabilities of this chunk's tokens, when requested.
        public let logprobs: ChatCompletionObject.ChatChoice.LogProb?

        enum CodingKeys: String, CodingKey {
            case delta, index, logprobs
            case finishReason = "finish_reason"
            case finishDetails = "finish_details"
        }

        public struct Delta: Codable, Sendable {
            /// A piece of the message text.
            public let content: String?
            /// Pieces of tool calls, matched by `index`.
            public let toolCalls: [ToolCall]?
            /// Deprecated: a piece of the legacy function call.
            public let functionCall: FunctionCall?
            /// The role, in the first chunk.
            public let role: String?
            /// A piece of the refusal message.
            public let refusal: String?

            enum CodingKeys: String, CodingKey {
                case content, role, refusal
                case toolCalls = "tool_calls"
                case functionCall = "function_call"
            }
        }

        public struct FinishDetails: Codable, Sendable {
            public let type: String
        }
    }
}
