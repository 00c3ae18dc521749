import AICore

extension MessageParameter {
    /// `output_config`: the answer's format.
    public struct OutputConfig: Encodable, Sendable {
        public var format: Format?

        public init(format: Format?) {
            self.format = format
        }

        /// `{"type": "json_schema", "schema": …}`: the answer is JSON matching `schema`.
        public struct Format: Encodable, Sendable {
            public var type: String
            public var schema: JSONSchema

            public init(schema: JSONSchema) {
                self.type = "json_schema"
                self.schema = schema
            }
        }

        /// Structured outputs for `Output`, normalized and checked for Anthropic's rules (throws
        /// ``SchemaValidationError``).
        public static func structured<Output: StructuredOutput>(_ type: Output.Type) throws -> OutputConfig {
            OutputConfig(format: Format(schema: try Output.jsonSchema.validated(for: .anthropic)))
        }
    }

    /// A remote MCP server for the MCP connector (`mcp_servers`): the API lists and calls its tools itself.
    public struct MCPServerDefinition: Encodable, Sendable {
        public var type = "url"
        public var url: String
        public var name: String
        /// An OAuth bearer token for the server (never logged).
        public var authorizationToken: String?
        public var toolConfiguration: ToolConfiguration?

        public init(url: String, name: String, authorizationToken: String? = nil, toolConfiguration: ToolConfiguration? = nil) {
            self.url = url
            self.name = name
            self.authorizationToken = authorizationToken
            self.toolConfiguration = toolConfiguration
        }

        /// Which of the server's tools are enabled.
        public struct ToolConfiguration: Encodable, Sendable {
            public var enabled: Bool?
            public var allowedTools: [String]?

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
