import AICore
import Foundation

extension MessageParameter {
    /// A tool: a custom tool with a JSON schema, or a server or Anthropic-defined tool (web search, code
    /// execution, memory, …) declared by its versioned type.
    ///
    /// The typed constructors for Anthropic's tools are in `MessageParameter+ServerTools.swift`; the fields every
    /// tool takes (``strict``, ``deferLoading``, ``allowedCallers``, ``inputExamples``, ``eagerInputStreaming``,
    /// ``cacheControl``) can be set on any of them.
    public struct Tool: Codable, Equatable, Sendable {
        /// The name the model calls the tool by; for server tools, the name the API expects (e.g. `web_search`).
        /// Empty for toolsets, which carry no name.
        public let name: String
        /// What the tool does and when to use it; the model chooses tools by it. Nil for server tools.
        public let description: String?
        /// The JSON schema of the tool's input; nil for server tools and when `inputSchemaJSON` is set.
        public let inputSchema: JSONSchema?
        /// Makes this tool definition a cache breakpoint (the tools up to it are cached); nil for none.
        public var cacheControl: CacheControl?
        /// The versioned type of a server tool, e.g. `web_search_20250305`; nil for custom tools.
        public let serverType: String?
        /// The input schema as any JSON, when the typed one is not expressive enough.
        public let inputSchemaJSON: JSONValue?
        /// Extra fields of a server tool, e.g. `max_uses`, `allowed_domains`.
        public var settings: [String: JSONValue]
        /// Strict tool use: the API guarantees that the model's calls match the input schema exactly (send a
        /// schema normalized for ``SchemaDialect/anthropic``); nil for the server default (off).
        public var strict: Bool?
        /// Leaves the tool out of the model's prompt until tool search finds it (a `tool_reference`); nil for
        /// the default (loaded).
        public var deferLoading: Bool?
        /// Who may call the tool: the model directly and/or code it runs with the code execution tool
        /// (programmatic tool calling); nil for the default (direct).
        public var allowedCallers: [Caller]?
        /// Example inputs that show the model how to call the tool; each is a JSON object.
        public var inputExamples: [JSONValue]?
        /// Streams the tool's input as it is written, without buffering or validating the JSON first; nil for
        /// the default that the betas in use decide.
        public var eagerInputStreaming: Bool?

        /// The typed JSON schema (shared with SwiftOpenAI).
        public typealias JSONSchema = AICore.JSONSchema

        /// Who may call a tool (`allowed_callers`): `direct` (the model) or a code execution tool version, for
        /// calls made from the code the model runs.
        public struct Caller: RawRepresentable, Codable, Hashable, Sendable, ExpressibleByStringLiteral {
            /// The caller's wire name, e.g. `direct`.
            public let rawValue: String

            /// A caller by its wire name.
            public init(rawValue: String) { self.rawValue = rawValue }

            /// A caller from a string literal, e.g. `"direct"`.
            public init(stringLiteral value: String) { self.rawValue = value }

            /// The model calls the tool itself.
            public static let direct: Caller = "direct"
            /// Code the model runs with `code_execution_20250825` calls the tool.
            public static let codeExecution20250825: Caller = "code_execution_20250825"
            /// Code the model runs with `code_execution_20260120` calls the tool.
            public static let codeExecution20260120: Caller = "code_execution_20260120"
            /// Code the model runs with `code_execution_20260521` calls the tool.
            public static let codeExecution20260521: Caller = "code_execution_20260521"

            public init(from decoder: any Decoder) throws {
                rawValue = try decoder.singleValueContainer().decode(String.self)
            }

            public func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(rawValue)
            }
        }

        /// A custom tool with a typed input schema.
        public init(
            name: String, description: String?, inputSchema: JSONSchema?, cacheControl: CacheControl? = nil,
            strict: Bool? = nil, deferLoading: Bool? = nil, allowedCallers: [Caller]? = nil,
            inputExamples: [JSONValue]? = nil, eagerInputStreaming: Bool? = nil
        ) {
            self.name = name
            self.description = description
            self.inputSchema = inputSchema
            self.cacheControl = cacheControl
            self.serverType = nil
            self.inputSchemaJSON = nil
            self.settings = [:]
            self.strict = strict
            self.deferLoading = deferLoading
            self.allowedCallers = allowedCallers
            self.inputExamples = inputExamples
            self.eagerInputStreaming = eagerInputStreaming
        }

        /// A custom tool whose input schema is given as JSON.
        public init(
            name: String, description: String?, inputSchemaJSON: JSONValue, cacheControl: CacheControl? = nil,
            strict: Bool? = nil, deferLoading: Bool? = nil, allowedCallers: [Caller]? = nil,
            inputExamples: [JSONValue]? = nil, eagerInputStreaming: Bool? = nil
        ) {
            self.name = name
            self.description = description
            self.inputSchema = nil
            self.cacheControl = cacheControl
            self.serverType = nil
            self.inputSchemaJSON = inputSchemaJSON
            self.settings = [:]
            self.strict = strict
            self.deferLoading = deferLoading
            self.allowedCallers = allowedCallers
            self.inputExamples = inputExamples
            self.eagerInputStreaming = eagerInputStreaming
        }

        private init(serverType: String, name: String, settings: [String: JSONValue], cacheControl: CacheControl?) {
            self.name = name
            self.description = nil
            self.inputSchema = nil
            self.cacheControl = cacheControl
            self.serverType = serverType
            self.inputSchemaJSON = nil
            self.settings = settings
        }

        /// A server or Anthropic-defined tool by type and version, e.g. `server(type: "web_search_20250305", name: "web_search")`;
        /// `settings` are its other fields as JSON. For a toolset, which has no name, pass `""`.
        public static func server(
            type: String, name: String, settings: [String: JSONValue] = [:], cacheControl: CacheControl? = nil
        ) -> Tool {
            Tool(serverType: type, name: name, settings: settings, cacheControl: cacheControl)
        }

        /// This tool loaded only when tool search finds it (`defer_loading: true`): its definition stays out of
        /// the prompt until then.
        public func deferred(_ deferLoading: Bool = true) -> Tool {
            var copy = self
            copy.deferLoading = deferLoading
            return copy
        }

        /// This tool as a cache breakpoint (`cache_control`).
        public func cached(_ cacheControl: CacheControl = .init(type: .ephemeral)) -> Tool {
            var copy = self
            copy.cacheControl = cacheControl
            return copy
        }

        private struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(_ string: String) { stringValue = string }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        /// The keys a tool's JSON has besides server-tool settings.
        private static let definitionKeys: Set<String> = [
            "type", "name", "description", "input_schema", "cache_control", "strict", "defer_loading",
            "allowed_callers", "input_examples", "eager_input_streaming",
        ]

        /// Reads what ``encode(to:)`` writes: a `type` other than `custom` makes a server tool, whose other
        /// unknown keys are its settings. The input schema is the typed ``JSONSchema`` when that reproduces
        /// the JSON exactly, else kept as ``inputSchemaJSON``.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            let type = try container.decodeIfPresent(String.self, forKey: Key("type"))
            serverType = type == "custom" ? nil : type
            // Toolsets (`mcp_toolset`, `browser_toolset_…`) have no name.
            name = try serverType == nil
                ? container.decode(String.self, forKey: Key("name"))
                : container.decodeIfPresent(String.self, forKey: Key("name")) ?? ""
            description = try container.decodeIfPresent(String.self, forKey: Key("description"))
            cacheControl = try container.decodeIfPresent(CacheControl.self, forKey: Key("cache_control"))
            strict = try container.decodeIfPresent(Bool.self, forKey: Key("strict"))
            deferLoading = try container.decodeIfPresent(Bool.self, forKey: Key("defer_loading"))
            allowedCallers = try container.decodeIfPresent([Caller].self, forKey: Key("allowed_callers"))
            inputExamples = try container.decodeIfPresent([JSONValue].self, forKey: Key("input_examples"))
            eagerInputStreaming = try container.decodeIfPresent(Bool.self, forKey: Key("eager_input_streaming"))
            var settings: [String: JSONValue] = [:]
            if serverType != nil {
                for key in container.allKeys where !Self.definitionKeys.contains(key.stringValue) {
                    settings[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
                }
            }
            self.settings = settings
            if let schemaJSON = try container.decodeIfPresent(JSONValue.self, forKey: Key("input_schema")) {
                if let typed = try? container.decode(JSONSchema.self, forKey: Key("input_schema")),
                    (try? Self.jsonValue(of: typed)) == schemaJSON
                {
                    inputSchema = typed
                    inputSchemaJSON = nil
                } else {
                    inputSchema = nil
                    inputSchemaJSON = schemaJSON
                }
            } else {
                inputSchema = nil
                inputSchemaJSON = nil
            }
        }

        /// `value` re-read as a ``JSONValue``, to tell whether a typed schema lost anything.
        private static func jsonValue(of value: some Encodable) throws -> JSONValue {
            try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            if let serverType { try container.encode(serverType, forKey: Key("type")) }
            if serverType == nil || !name.isEmpty { try container.encode(name, forKey: Key("name")) }
            try container.encodeIfPresent(description, forKey: Key("description"))
            if let inputSchemaJSON {
                try container.encode(inputSchemaJSON, forKey: Key("input_schema"))
            } else {
                try container.encodeIfPresent(inputSchema, forKey: Key("input_schema"))
            }
            try container.encodeIfPresent(cacheControl, forKey: Key("cache_control"))
            try container.encodeIfPresent(strict, forKey: Key("strict"))
            try container.encodeIfPresent(deferLoading, forKey: Key("defer_loading"))
            try container.encodeIfPresent(allowedCallers, forKey: Key("allowed_callers"))
            try container.encodeIfPresent(inputExamples, forKey: Key("input_examples"))
            try container.encodeIfPresent(eagerInputStreaming, forKey: Key("eager_input_streaming"))
            for (key, value) in settings.sorted(by: { $0.key < $1.key }) {
                try container.encode(value, forKey: Key(key))
            }
        }
    }
}
