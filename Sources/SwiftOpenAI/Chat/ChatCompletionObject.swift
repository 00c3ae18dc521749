import AICore

/// A chat [completion](https://platform.openai.com/docs/api-reference/chat/object).
public struct ChatCompletionObject: Codable, Sendable {
    /// A unique identifier for the chat completion.
    public let id: String
    /// The choices; more than one when `n` is greater than 1.
    public let choices: [ChatChoice]
    /// The Unix timestamp (in seconds) of when the chat completion was created.
    public let created: Int
    /// The model used for the chat completion.
    public let model: String
    /// The backend configuration the model ran with.
    public let systemFingerprint: String?
    /// Always `chat.completion`.
    public let object: String
    /// Usage statistics for the request.
    public let usage: ChatUsage
    /// The processing tier that served the request.
    public let serviceTier: String?
    /// The key-value pairs of a completion stored with `store: true`, as the stored completion calls return them
    /// (``OpenAIStoredChatService/getChatCompletion(completionID:options:)``); nil on a fresh completion.
    public let metadata: [String: String]?

    enum CodingKeys: String, CodingKey {
        case id, choices, created, model, object, usage, metadata
        case systemFingerprint = "system_fingerprint"
        case serviceTier = "service_tier"
    }

    public struct ChatChoice: Codable, Sendable {
        /// Why generation stopped: `stop`, `length`, `tool_calls`, `content_filter` or `function_call`.
        public let finishReason: IntOrStringValue?
        /// The index of the choice.
        public let index: Int
        /// The message the model generated.
        public let message: ChatMessage
        /// Log probabilities, when requested.
        public let logprobs: LogProb?

        enum CodingKeys: String, CodingKey {
            case index, message, logprobs
            case finishReason = "finish_reason"
        }

        public struct ChatMessage: Codable, Sendable {
            /// The text of the message.
            public let content: String?
            /// The tool calls the model made.
            public let toolCalls: [ToolCall]?
            /// Deprecated: the legacy function call.
            public let functionCall: FunctionCall?
            /// The role of the author, `assistant`.
            public let role: String
            /// Legacy vision-preview field.
            public let finishDetails: FinishDetails?
            /// The refusal message, when the model refused.
            public let refusal: String?
            /// Audio output, when the `audio` modality was requested.
            public let audio: AudioOutput?
            /// URL citations (web search models).
            public let annotations: [JSONValue]?

            enum CodingKeys: String, CodingKey {
                case content, role, refusal, audio, annotations
                case toolCalls = "tool_calls"
                case functionCall = "function_call"
                case finishDetails = "finish_details"
            }

            public struct FinishDetails: Codable, Sendable {
                public let type: String
            }

            /// Audio the model produced.
            public struct AudioOutput: Codable, Sendable {
                public let id: String
                /// Unix time after which the audio can no longer be referenced.
                public let expiresAt: Int?
                /// Base64-encoded audio in the requested format.
                public let data: String?
                public let transcript: String?

                enum CodingKeys: String, CodingKey {
                    case id, data, transcript
                    case expiresAt = "expires_at"
                }
            }
        }

        public struct LogProb: Codable, Sendable {
            /// Log probabilities of the content tokens.
            public let content: [TokenDetail]?
            /// Log probabilities of the refusal tokens.
            public let refusal: [TokenDetail]?
        }

        public struct TokenDetail: Codable, Sendable {
            public let token: String
            public let logprob: Double
            /// The UTF-8 bytes of the token.
            public let bytes: [Int]?
            /// The most likely tokens at this position.
            public let topLogprobs: [TopLogProb]?

            enum CodingKeys: String, CodingKey {
                case token, logprob, bytes
                case topLogprobs = "top_logprobs"
            }

            public struct TopLogProb: Codable, Sendable {
                public let token: String
                public let logprob: Double
                public let bytes: [Int]?
            }
        }
    }

    public struct ChatUsage: Codable, Sendable {
        /// Tokens in the generated completion.
        public let completionTokens: Int
        /// Tokens in the prompt.
        public let promptTokens: Int
        /// Prompt plus completion tokens.
        public let totalTokens: Int
        /// Cached and audio prompt tokens.
        public let promptTokensDetails: PromptTokensDetails?
        /// Reasoning, audio and prediction tokens of the completion.
        public let completionTokensDetails: CompletionTokensDetails?

        enum CodingKeys: String, CodingKey {
            case completionTokens = "completion_tokens"
            case promptTokens = "prompt_tokens"
            case totalTokens = "total_tokens"
            case promptTokensDetails = "prompt_tokens_details"
            case completionTokensDetails = "completion_tokens_details"
        }

        public struct PromptTokensDetails: Codable, Sendable {
            public let cachedTokens: Int?
            public let audioTokens: Int?

            enum CodingKeys: String, CodingKey {
                case cachedTokens = "cached_tokens"
                case audioTokens = "audio_tokens"
            }
        }

        public struct CompletionTokensDetails: Codable, Sendable {
            public let reasoningTokens: Int?
            public let audioTokens: Int?
            public let acceptedPredictionTokens: Int?
            public let rejectedPredictionTokens: Int?

            enum CodingKeys: String, CodingKey {
                case reasoningTokens = "reasoning_tokens"
                case audioTokens = "audio_tokens"
                case acceptedPredictionTokens = "accepted_prediction_tokens"
                case rejectedPredictionTokens = "rejected_prediction_tokens"
            }
        }
    }
}

extension ChatCompletionObject {
    /// The content of the first choice's message.
    public var firstContent: String? { choices.first?.message.content }
}
