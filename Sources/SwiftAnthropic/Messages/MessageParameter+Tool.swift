import AICore
import Foundation

extension MessageParameter {
    /// A tool: a custom tool with a JSON schema, or a server tool (web search, code execution, …)
    /// declared by its versioned type.
    public struct Tool: Codable, Equatable, Sendable {
        /// The name the model calls the tool by; for server tools, the name the API expects (e.g. `web_search`).
        public let name: String
        /// What the tool does and when to use it; the model chooses tools by it. Nil for server tools.
        public let description: String?
        /// The JSON schema of the tool's input; nil for server tools and when `inputSchemaJSON` is set.
        public let inputSchema: JSONSchema?
        /// Makes this tool definition a cache breakpoint (the tools up to it are cached); nil for none.
        public let cacheControl: CacheControl?
        /// The versioned type of a server tool, e.g. `web_search_20250305`; nil for custom tools.
        public let serverType: String?
        /// The input schema as any JSON, when the typed one is not expressive enough.
        public let inputSchemaJSON: JSONValue?
        /// Extra fields of a server tool, e.g. `max_uses`, `allowed_domains`.
        public let settings: [String: JSONValue]

        /// The typed JSON schema (shared with SwiftOpenAI).
        public typealias JSONSchema = AICore.JSONSchema

        /// A custom tool with a typed input schema.
        public init(name: String, description: String?, inputSchema: JSONSchema?, cacheControl: CacheControl? = nil) {
            self.name = name
            self.description = description
            self.inputSchema = inputSchema
            self.cacheControl = cacheControl
            self.serverType = nil
            self.inputSchemaJSON = nil
            self.settings = [:]
        }

        /// A custom tool whose input schema is given as JSON.
        public init(name: String, description: String?, inputSchemaJSON: JSONValue, cacheControl: CacheControl? = nil) {
            self.name = name
            self.description = description
            self.inputSchema = nil
            self.cacheControl = cacheControl
            self.serverType = nil
            self.inputSchemaJSON = inputSchemaJSON
            self.settings = [:]
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

        /// A server or Anthropic-defined tool by type and version, e.g. `server(type: "web_search_20250305", name: "web_search")`.
        public static func server(
            type: String, name: String, settings: [String: JSONValue] = [:], cacheControl: CacheControl? = nil
        ) -> Tool {
            Tool(serverType: type, name: name, settings: settings, cacheControl: cacheControl)
        }

        /// Web search (`web_search_20250305`).
        public static func webSearch(maxUses: Int? = nil, allowedDomains: [String]? = nil, blockedDomains: [String]? = nil) -> Tool {
            var settings: [String: JSONValue] = [:]
            if let maxUses { settings["max_uses"] = .int(maxUses) }
            if let allowedDomains { settings["allowed_domains"] = .array(allowedDomains.map(JSONValue.string)) }
            if let blockedDomains { settings["blocked_domains"] = .array(blockedDomains.map(JSONValue.string)) }
            return .server(type: "web_search_20250305", name: "web_search", settings: settings)
        }

        /// Web fetch (`web_fetch_20250910`, beta `web-fetch-2025-09-10`).
        public static func webFetch(maxUses: Int? = nil) -> Tool {
            .server(type: "web_fetch_20250910", name: "web_fetch", settings: maxUses.map { ["max_uses": .int($0)] } ?? [:])
        }

        /// Code execution (`code_execution_20250825`, beta `code-execution-2025-08-25`).
        public static let codeExecution = Tool.server(type: "code_execution_20250825", name: "code_execution")
        /// Bash (`bash_20250124`), executed by your code.
        public static let bash = Tool.server(type: "bash_20250124", name: "bash")
        /// Text editor (`text_editor_20250728`), executed by your code.
        public static let textEditor = Tool.server(type: "text_editor_20250728", name: "str_replace_based_edit_tool")
        /// Memory (`memory_20250818`, beta `context-management-2025-06-27`), executed by your code.
        public static let memory = Tool.server(type: "memory_20250818", name: "memory")

        private struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(_ string: String) { stringValue = string }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        /// The keys a tool's JSON has besides server-tool settings.
        private static let definitionKeys: Set<String> = ["type", "name", "description", "input_schema", "cache_control"]

        /// Reads what ``encode(to:)`` writes: a `type` other than `custom` makes a server tool, whose other
        /// unknown keys are its settings. The input schema is the typed ``JSONSchema`` when that reproduces
        /// the JSON exactly, else kept as ``inputSchemaJSON``.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            name = try container.decode(String.self, forKey: Key("name"))
            description = try container.decodeIfPresent(String.self, forKey: Key("description"))
            cacheControl = try container.decodeIfPresent(CacheControl.self, forKey: Key("cache_control"))
            let type = try container.decodeIfPresent(String.self, forKey: Key("type"))
            serverType = type == "custom" ? nil : type
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
            try container.encode(name, forKey: Key("name"))
            try container.encodeIfPresent(description, forKey: Key("description"))
            if let inputSchemaJSON {
                try container.encode(inputSchemaJSON, forKey: Key("input_schema"))
            } else {
                try container.encodeIfPresent(inputSchema, forKey: Key("input_schema"))
            }
            try container.encodeIfPresent(cacheControl, forKey: Key("cache_control"))
            for (key, value) in settings.sorted(by: { $0.key < $1.key }) {
                try container.encode(value, forKey: Key(key))
            }
        }
    }
}
