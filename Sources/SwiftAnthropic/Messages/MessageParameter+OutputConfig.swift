import AICore

extension MessageParameter {
    /// `output_config`: how much effort the model spends, the answer's format, and (beta) a token budget for a
    /// task that spans several requests.
    public struct OutputConfig: Encodable, Sendable {
        /// The answer's format; nil for free text.
        public var format: Format?
        /// How much effort the model puts into its answer; the model's default (`high`) when nil.
        public var effort: Effort?
        /// A token budget for the whole task the model works on (beta `task-budgets-2026-03-13`).
        public var taskBudget: TaskBudget?

        /// An output configuration; every part is optional.
        public init(format: Format? = nil, effort: Effort? = nil, taskBudget: TaskBudget? = nil) {
            self.format = format
            self.effort = effort
            self.taskBudget = taskBudget
        }

        /// `{"type": "json_schema", "schema": …}`: the answer is JSON matching `schema`.
        public struct Format: Encodable, Sendable {
            /// Always `json_schema`.
            public var type: String
            /// The schema the answer matches.
            public var schema: JSONSchema

            /// A format whose answers match `schema`.
            public init(schema: JSONSchema) {
                self.type = "json_schema"
                self.schema = schema
            }
        }

        /// `output_config.effort`: `low`, `medium`, `high` (the default), `xhigh` or `max`. Lower effort answers
        /// faster and spends fewer tokens (thinking included); higher effort is more thorough.
        public struct Effort: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
            public let rawValue: String
            /// Any effort value, including ones newer than this library.
            public init(rawValue: String) { self.rawValue = rawValue }
            /// An effort value from a string literal.
            public init(stringLiteral value: String) { rawValue = value }
            /// The fastest, cheapest answers.
            public static let low: Effort = "low"
            /// Between `low` and `high`.
            public static let medium: Effort = "medium"
            /// The default: thorough answers.
            public static let high: Effort = "high"
            /// More than `high`.
            public static let xhigh: Effort = "xhigh"
            /// The most thorough answers the model can give.
            public static let max: Effort = "max"
        }

        /// `output_config.task_budget`: the tokens a multi-request task may spend in all (`total`) and, on later
        /// requests, what is left of it (`remaining`), so the model paces its work.
        public struct TaskBudget: Encodable, Sendable, Equatable {
            /// The budget of the whole task, in tokens.
            public var total: Int
            /// What is left of the budget; nil on the first request.
            public var remaining: Int?

            /// A task budget of `total` tokens, `remaining` of them left.
            public init(total: Int, remaining: Int? = nil) {
                self.total = total
                self.remaining = remaining
            }

            enum CodingKeys: String, CodingKey { case type, total, remaining }

            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode("tokens", forKey: .type)
                try container.encode(total, forKey: .total)
                try container.encodeIfPresent(remaining, forKey: .remaining)
            }
        }

        enum CodingKeys: String, CodingKey {
            case format, effort
            case taskBudget = "task_budget"
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(effort?.rawValue, forKey: .effort)
            try container.encodeIfPresent(format, forKey: .format)
            try container.encodeIfPresent(taskBudget, forKey: .taskBudget)
        }

        /// Structured outputs for `Output`, normalized and checked for Anthropic's rules (throws
        /// ``SchemaValidationError``).
        public static func structured<Output: StructuredOutput>(_ type: Output.Type) throws -> OutputConfig {
            OutputConfig(format: Format(schema: try Output.jsonSchema.validated(for: .anthropic)))
        }
    }

    /// A remote MCP server for the MCP connector (`mcp_servers`): the API lists and calls its tools itself.
    public struct MCPServerDefinition: Encodable, Sendable {
        /// Always `url`.
        public var type = "url"
        /// The server's URL.
        public var url: String
        /// The name the server's tools are known by.
        public var name: String
        /// An OAuth bearer token for the server (never logged).
        public var authorizationToken: String?
        /// Which of the server's tools are enabled; all when nil.
        public var toolConfiguration: ToolConfiguration?

        /// A remote MCP server at `url`, known as `name`.
        public init(url: String, name: String, authorizationToken: String? = nil, toolConfiguration: ToolConfiguration? = nil) {
            self.url = url
            self.name = name
            self.authorizationToken = authorizationToken
            self.toolConfiguration = toolConfiguration
        }

        /// Which of the server's tools are enabled.
        public struct ToolConfiguration: Encodable, Sendable {
            /// Whether the server's tools are offered at all.
            public var enabled: Bool?
            /// Only these tools are offered; all when nil.
            public var allowedTools: [String]?

            /// A tool configuration; every setting is optional.
            public init(enabled: Bool? = nil, allowedTools: [String]? = nil) {
                self.enabled = enabled
                self.allowedTools = allowedTools
            }

            enum CodingKeys: String, CodingKey {
                case enabled
                case allowedTools = "allowed_tools"
            }
        }

        enum CodingKeys: String, CodingKey {
            case type, url, name
            case authorizationToken = "authorization_token"
            case toolConfiguration = "tool_configuration"
        }
    }
}

extension MessageParameter.MCPServerDefinition: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String {
        "MCPServerDefinition(url: \(url), name: \(name), authorizationToken: \(authorizationToken == nil ? "nil" : "<redacted>"))"
    }

    public var debugDescription: String { description }
}
