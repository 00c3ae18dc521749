import AICore
import Foundation

extension MessageResponse {
    /// The code-execution container a response used: its id (to reuse it with ``MessageParameter/container``),
    /// when it expires, and the Skills loaded in it.
    public struct Container: Codable, Sendable, Equatable {
        /// The container id.
        public let id: String
        /// When the container expires, as the API wrote it (RFC 3339).
        public let expiresAt: String
        /// The skills loaded in the container, with their resolved versions.
        public let skills: [Skill]?

        /// A skill loaded in the container.
        public struct Skill: Codable, Sendable, Equatable {
            /// `anthropic` or `custom`.
            public let type: String
            /// The skill's id.
            public let skillID: String
            /// The version that was loaded.
            public let version: String

            enum CodingKeys: String, CodingKey {
                case type, version
                case skillID = "skill_id"
            }
        }

        enum CodingKeys: String, CodingKey {
            case id, skills
            case expiresAt = "expires_at"
        }
    }

    /// What context management did to the request (`context_management.applied_edits`).
    public struct ContextManagement: Codable, Sendable {
        /// The edits applied, in order; empty when no trigger was reached.
        public let appliedEdits: [AppliedEdit]

        /// An applied edit: its type and what it cleared.
        public struct AppliedEdit: Codable, Sendable, Equatable {
            /// The edit type, e.g. `clear_tool_uses_20250919` or `clear_thinking_20251015`.
            public let type: String
            /// The input tokens the edit removed.
            public let clearedInputTokens: Int?
            /// The tool uses whose results were cleared (`clear_tool_uses_20250919`).
            public let clearedToolUses: Int?
            /// The turns whose thinking was cleared (`clear_thinking_20251015`).
            public let clearedThinkingTurns: Int?

            enum CodingKeys: String, CodingKey {
                case type
                case clearedInputTokens = "cleared_input_tokens"
                case clearedToolUses = "cleared_tool_uses"
                case clearedThinkingTurns = "cleared_thinking_turns"
            }
        }

        enum CodingKeys: String, CodingKey {
            case appliedEdits = "applied_edits"
        }
    }

    /// Why the model stopped, beyond ``stopReason`` (`stop_details`): for a refusal, its policy category.
    public struct StopDetails: Codable, Sendable, Equatable {
        /// `refusal`.
        public let type: String
        /// The policy category (`cyber`, `bio`, …); nil when none applies.
        public let category: String?
        /// A readable explanation; its wording may change.
        public let explanation: String?
    }

    /// Why the prompt cache missed (`diagnostics`), when the request asked with ``MessageParameter/diagnostics``.
    public struct Diagnostics: Codable, Sendable, Equatable {
        /// The reason, or nil while the comparison is still pending.
        public let cacheMissReason: CacheMissReason?

        /// Why the prefix of the previous request could not be reused.
        public struct CacheMissReason: Codable, Sendable, Equatable {
            /// `model_changed`, `system_changed`, `tools_changed`, `messages_changed`, `previous_message_not_found`
            /// or `unavailable`.
            public let type: String
            /// About how many input tokens would have been read from the cache.
            public let cacheMissedInputTokens: Int?

            enum CodingKeys: String, CodingKey {
                case type
                case cacheMissedInputTokens = "cache_missed_input_tokens"
            }
        }

        enum CodingKeys: String, CodingKey {
            case cacheMissReason = "cache_miss_reason"
        }
    }

    /// The values of ``stopReason``, with a case for any value newer than this library.
    public struct StopReason: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
        public let rawValue: String
        /// Any stop reason.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A stop reason from a string literal.
        public init(stringLiteral value: String) { rawValue = value }
        /// The model finished its turn.
        public static let endTurn: StopReason = "end_turn"
        /// `max_tokens` was reached.
        public static let maxTokens: StopReason = "max_tokens"
        /// A custom stop sequence was generated.
        public static let stopSequence: StopReason = "stop_sequence"
        /// The model called tools; answer with tool results.
        public static let toolUse: StopReason = "tool_use"
        /// A long turn was paused; send the response back to continue.
        public static let pauseTurn: StopReason = "pause_turn"
        /// The conversation was compacted and the request asked to pause after it (`pause_after_compaction`).
        public static let compaction: StopReason = "compaction"
        /// The model declined (see ``stopDetails``).
        public static let refusal: StopReason = "refusal"
        /// The input and output filled the model's context window.
        public static let modelContextWindowExceeded: StopReason = "model_context_window_exceeded"
    }

    /// ``stopReason`` as a ``StopReason``.
    public var stop: StopReason? { stopReason.map(StopReason.init(rawValue:)) }
}
