import AICore
import Foundation

extension MessageParameter {
    /// `context_management` (beta): edits the API applies to the conversation before the model reads it, so a
    /// long conversation stays within the context window: clear old tool results, clear old thinking, or
    /// compact the conversation into a summary.
    ///
    /// The service adds the betas the edits need (`context-management-2025-06-27`, `compact-2026-01-12`); the
    /// response's ``MessageResponse/contextManagement`` reports what was applied.
    public struct ContextManagement: Encodable, Sendable {
        /// The edits, applied in order.
        public var edits: [Edit]

        /// Context management with `edits`.
        public init(edits: [Edit]) {
            self.edits = edits
        }

        /// One context edit.
        public enum Edit: Encodable, Sendable {
            /// Clears old tool results (`clear_tool_uses_20250919`).
            case clearToolUses(ClearToolUses)
            /// Clears thinking blocks of earlier turns (`clear_thinking_20251015`).
            case clearThinking(ClearThinking)
            /// Summarizes the conversation into a compaction block when it grows past a threshold (`compact_20260112`).
            case compact(Compact)
            /// An edit given as JSON, for edit types newer than this library.
            case raw(JSONValue)

            /// The edit's wire type.
            public var type: String {
                switch self {
                case .clearToolUses: ClearToolUses.type
                case .clearThinking: ClearThinking.type
                case .compact: Compact.type
                case .raw(let json): json["type"]?.stringValue ?? ""
                }
            }

            public func encode(to encoder: any Encoder) throws {
                switch self {
                case .clearToolUses(let edit): try edit.encode(to: encoder)
                case .clearThinking(let edit): try edit.encode(to: encoder)
                case .compact(let edit): try edit.encode(to: encoder)
                case .raw(let json): try json.encode(to: encoder)
                }
            }
        }

        /// When an edit applies: once the input reaches a number of tokens, or of tool uses.
        public enum Trigger: Encodable, Sendable, Equatable {
            /// Once the input is at least this many tokens.
            case inputTokens(Int)
            /// Once the conversation holds at least this many tool uses.
            case toolUses(Int)

            enum CodingKeys: String, CodingKey { case type, value }

            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                switch self {
                case .inputTokens(let value):
                    try container.encode("input_tokens", forKey: .type)
                    try container.encode(value, forKey: .value)
                case .toolUses(let value):
                    try container.encode("tool_uses", forKey: .type)
                    try container.encode(value, forKey: .value)
                }
            }
        }

        /// `clear_tool_uses_20250919`: replaces the results of the oldest tool uses with a placeholder.
        public struct ClearToolUses: Encodable, Sendable {
            static let type = "clear_tool_uses_20250919"
            /// When clearing starts; the API's default (100,000 input tokens) when nil.
            public var trigger: Trigger?
            /// How many of the most recent tool uses keep their results; the API's default (3) when nil.
            public var keep: Int?
            /// Clear at least this many input tokens each time, or nothing (so the cache is not broken for little).
            public var clearAtLeast: Int?
            /// Tools whose uses are never cleared.
            public var excludeTools: [String]?
            /// Whether the tool calls' inputs are cleared too: `.all(true)`, or only those of the tools named.
            public var clearToolInputs: ClearToolInputs?

            /// Which tool inputs are cleared along with the results.
            public enum ClearToolInputs: Encodable, Sendable, Equatable {
                /// All of them (`true`) or none (`false`).
                case all(Bool)
                /// Only the inputs of these tools.
                case tools([String])

                public func encode(to encoder: any Encoder) throws {
                    var container = encoder.singleValueContainer()
                    switch self {
                    case .all(let flag): try container.encode(flag)
                    case .tools(let names): try container.encode(names)
                    }
                }
            }

            /// A clear-tool-uses edit; every setting is optional.
            public init(
                trigger: Trigger? = nil, keep: Int? = nil, clearAtLeast: Int? = nil, excludeTools: [String]? = nil,
                clearToolInputs: ClearToolInputs? = nil
            ) {
                self.trigger = trigger
                self.keep = keep
                self.clearAtLeast = clearAtLeast
                self.excludeTools = excludeTools
                self.clearToolInputs = clearToolInputs
            }

            enum CodingKeys: String, CodingKey {
                case type, trigger, keep
                case clearAtLeast = "clear_at_least"
                case excludeTools = "exclude_tools"
                case clearToolInputs = "clear_tool_inputs"
            }

            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(Self.type, forKey: .type)
                try container.encodeIfPresent(trigger, forKey: .trigger)
                try container.encodeIfPresent(keep.map { Trigger.toolUses($0) }, forKey: .keep)
                try container.encodeIfPresent(clearAtLeast.map { Trigger.inputTokens($0) }, forKey: .clearAtLeast)
                try container.encodeIfPresent(excludeTools, forKey: .excludeTools)
                try container.encodeIfPresent(clearToolInputs, forKey: .clearToolInputs)
            }
        }

        /// `clear_thinking_20251015`: drops the thinking blocks of earlier assistant turns.
        public struct ClearThinking: Encodable, Sendable {
            static let type = "clear_thinking_20251015"
            /// Which thinking is kept; the API's default (the last turn's) when nil.
            public var keep: Keep?

            /// Which thinking turns keep their thinking.
            public enum Keep: Encodable, Sendable, Equatable {
                /// The most recent `n` assistant turns with thinking.
                case thinkingTurns(Int)
                /// All of them (nothing is cleared; keeps the prompt cache intact).
                case all

                enum CodingKeys: String, CodingKey { case type, value }

                public func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    switch self {
                    case .thinkingTurns(let count):
                        try container.encode("thinking_turns", forKey: .type)
                        try container.encode(count, forKey: .value)
                    case .all:
                        try container.encode("all", forKey: .type)
                    }
                }
            }

            /// A clear-thinking edit keeping `keep`.
            public init(keep: Keep? = nil) {
                self.keep = keep
            }

            enum CodingKeys: String, CodingKey { case type, keep }

            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(Self.type, forKey: .type)
                try container.encodeIfPresent(keep, forKey: .keep)
            }
        }

        /// `compact_20260112`: when the input reaches `trigger` tokens, the API summarizes the conversation into a
        /// ``MessageResponse/Content/Compaction`` block at the start of the answer; send it back in the next turn.
        public struct Compact: Encodable, Sendable {
            static let type = "compact_20260112"
            /// The input size, in tokens, that starts a compaction (at least 50,000); the API's default (150,000) when nil.
            public var triggerTokens: Int?
            /// Instructions for the summary, replacing the API's own.
            public var instructions: String?
            /// Stop right after the compaction block (`stop_reason` `compaction`), so you can add to the conversation
            /// before the model goes on.
            public var pauseAfterCompaction: Bool?

            /// A compaction edit; every setting is optional.
            public init(triggerTokens: Int? = nil, instructions: String? = nil, pauseAfterCompaction: Bool? = nil) {
                self.triggerTokens = triggerTokens
                self.instructions = instructions
                self.pauseAfterCompaction = pauseAfterCompaction
            }

            enum CodingKeys: String, CodingKey {
                case type, trigger, instructions
                case pauseAfterCompaction = "pause_after_compaction"
            }

            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(Self.type, forKey: .type)
                try container.encodeIfPresent(triggerTokens.map { Trigger.inputTokens($0) }, forKey: .trigger)
                try container.encodeIfPresent(instructions, forKey: .instructions)
                try container.encodeIfPresent(pauseAfterCompaction, forKey: .pauseAfterCompaction)
            }
        }
    }

    /// `compaction` (beta): summarize the conversation now; the answer is a
    /// ``MessageResponse/Content/Compaction`` block.
    public struct CompactionConfig: Encodable, Sendable {
        /// Instructions for the summary, replacing the API's own.
        public var instructions: String?

        /// A request to summarize the conversation, following `instructions` when given.
        public init(instructions: String? = nil) {
            self.instructions = instructions
        }

        enum CodingKeys: String, CodingKey { case type, instructions }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("summarize", forKey: .type)
            try container.encodeIfPresent(instructions, forKey: .instructions)
        }
    }
}
