import AICore
import Foundation

extension ModelResponseParameter {
    /// A tool the model may use.
    public enum Tool: Codable, Sendable {
        /// A function you run; the model returns a `function_call` item with its arguments.
        case function(FunctionTool)
        /// Web search (`web_search`, or `web_search_preview` on older deployments).
        case webSearch(WebSearchTool)
        /// Search over vector stores.
        case fileSearch(FileSearchTool)
        /// Python in a sandboxed container.
        case codeInterpreter(CodeInterpreterTool)
        /// Image generation with a GPT image model.
        case imageGeneration(ImageGenerationTool)
        /// A remote MCP server or a connector.
        case mcp(MCPTool)
        /// A free-form tool: the model writes plain text (or text that follows a Lark or regex grammar) as its input.
        case custom(CustomTool)
        /// A shell: commands run on your machine (`environment: .local`) or in a hosted container.
        case shell(ShellTool)
        /// The older local shell tool (`local_shell`, Codex models): `local_shell_call` items you run.
        case localShell
        /// File edits as `apply_patch_call` items (create, update with a diff, delete) that you apply.
        case applyPatch(ApplyPatchTool)
        /// Lets the model look up tools marked `deferLoading` when it needs them, instead of seeing them all up front.
        case toolSearch(ToolSearchTool)
        /// A named group of function and custom tools.
        case namespace(NamespaceTool)
        /// Any other tool, as raw JSON (e.g. `computer_use_preview`, `computer`).
        case raw(JSONValue)

        /// The tool's `type` on the wire, e.g. `function`, `web_search`, `custom`, `shell`.
        public var type: String {
            switch self {
            case .function: "function"
            case .webSearch(let tool): tool.type
            case .fileSearch: "file_search"
            case .codeInterpreter: "code_interpreter"
            case .imageGeneration: "image_generation"
            case .mcp: "mcp"
            case .custom: "custom"
            case .shell: "shell"
            case .localShell: "local_shell"
            case .applyPatch: "apply_patch"
            case .toolSearch: "tool_search"
            case .namespace: "namespace"
            case .raw(let raw): raw["type"]?.stringValue ?? ""
            }
        }

        /// A function tool; `strict` makes the arguments follow `parameters` exactly.
        public static func function(
            name: String, description: String? = nil, parameters: JSONValue? = nil, strict: Bool? = nil
        ) -> Tool {
            .function(FunctionTool(name: name, description: description, parameters: parameters, strict: strict))
        }

        public init(from decoder: any Decoder) throws {
            switch decoder.stringField(named: "type") {
            case "function": self = .function(try FunctionTool(from: decoder))
            case "web_search", "web_search_preview", "web_search_2025_08_26", "web_search_preview_2025_03_11":
                self = .webSearch(try WebSearchTool(from: decoder))
            case "file_search": self = .fileSearch(try FileSearchTool(from: decoder))
            case "code_interpreter": self = .codeInterpreter(try CodeInterpreterTool(from: decoder))
            case "image_generation": self = .imageGeneration(try ImageGenerationTool(from: decoder))
            case "mcp": self = .mcp(try MCPTool(from: decoder))
            case "custom": self = .custom(try CustomTool(from: decoder))
            case "shell": self = .shell(try ShellTool(from: decoder))
            case "local_shell": self = .localShell
            case "apply_patch": self = .applyPatch(try ApplyPatchTool(from: decoder))
            case "tool_search": self = .toolSearch(try ToolSearchTool(from: decoder))
            case "namespace": self = .namespace(try NamespaceTool(from: decoder))
            default: self = .raw(try JSONValue(from: decoder))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            switch self {
            case .function(let tool): try tool.encode(to: encoder)
            case .webSearch(let tool): try tool.encode(to: encoder)
            case .fileSearch(let tool): try tool.encode(to: encoder)
            case .codeInterpreter(let tool): try tool.encode(to: encoder)
            case .imageGeneration(let tool): try tool.encode(to: encoder)
            case .mcp(let tool): try tool.encode(to: encoder)
            case .custom(let tool): try tool.encode(to: encoder)
            case .shell(let tool): try tool.encode(to: encoder)
            case .localShell: try JSONValue.object(["type": "local_shell"]).encode(to: encoder)
            case .applyPatch(let tool): try tool.encode(to: encoder)
            case .toolSearch(let tool): try tool.encode(to: encoder)
            case .namespace(let tool): try tool.encode(to: encoder)
            case .raw(let value): try value.encode(to: encoder)
            }
        }
    }

    /// A function tool.
    public struct FunctionTool: Codable, Sendable {
        public var type = "function"
        public var name: String
        public var description: String?
        /// A JSON schema for the arguments.
        public var parameters: JSONValue?
        /// Structured outputs for the arguments: every property required, `additionalProperties: false`.
        public var strict: Bool?
        /// Hidden from the model until it finds it with the `tool_search` tool (keeps large tool sets out of the
        /// context).
        public var deferLoading: Bool?
        /// `direct` and/or `programmatic`: who may call the tool.
        public var allowedCallers: [String]?
        /// A JSON schema for what the function returns.
        public var outputSchema: JSONValue?

        /// The parameters as a ``JSONSchema`` (sent instead of ``parameters`` when set; keeps property order).
        public var typedParameters: JSONSchema?

        public init(name: String, description: String? = nil, parameters: JSONValue? = nil, strict: Bool? = nil) {
            self.name = name
            self.description = description
            self.parameters = parameters
            self.strict = strict
        }

        public init(name: String, description: String? = nil, parameters: JSONSchema, strict: Bool? = nil) {
            self.name = name
            self.description = description
            self.typedParameters = parameters
            self.strict = strict
        }

        enum CodingKeys: String, CodingKey {
            case type, name, description, parameters, strict
            case deferLoading = "defer_loading"
            case allowedCallers = "allowed_callers"
            case outputSchema = "output_schema"
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(type, forKey: .type)
            try container.encode(name, forKey: .name)
            try container.encodeIfPresent(description, forKey: .description)
            if let typedParameters {
                try container.encode(typedParameters, forKey: .parameters)
            } else {
                try container.encodeIfPresent(parameters, forKey: .parameters)
            }
            try container.encodeIfPresent(strict, forKey: .strict)
            try container.encodeIfPresent(deferLoading, forKey: .deferLoading)
            try container.encodeIfPresent(allowedCallers, forKey: .allowedCallers)
            try container.encodeIfPresent(outputSchema, forKey: .outputSchema)
        }
    }

    /// The web search tool.
    public struct WebSearchTool: Codable, Sendable {
        /// `web_search` (current) or `web_search_preview`.
        public var type: String
        /// `low`, `medium` or `high`.
        public var searchContextSize: String?
        public var userLocation: UserLocation?
        /// `{"allowed_domains": […]}`.
        public var filters: JSONValue?

        public init(type: String = "web_search", searchContextSize: String? = nil, userLocation: UserLocation? = nil, filters: JSONValue? = nil) {
            self.type = type
            self.searchContextSize = searchContextSize
            self.userLocation = userLocation
            self.filters = filters
        }

        /// An approximate location to localise results.
        public struct UserLocation: Codable, Sendable {
            public var type = "approximate"
            public var city: String?
            public var country: String?
            public var region: String?
            public var timezone: String?

            public init(city: String? = nil, country: String? = nil, region: String? = nil, timezone: String? = nil) {
                self.city = city
                self.country = country
                self.region = region
                self.timezone = timezone
            }
        }

        enum CodingKeys: String, CodingKey {
            case type
            case searchContextSize = "search_context_size"
            case userLocation = "user_location"
            case filters
        }
    }

    /// The file search tool.
    public struct FileSearchTool: Codable, Sendable {
        public var type = "file_search"
        public var vectorStoreIds: [String]
        public var maxNumResults: Int?
        /// A comparison or compound attribute filter.
        public var filters: JSONValue?
        /// `{"ranker": "auto", "score_threshold": 0.5}`.
        public var rankingOptions: JSONValue?

        public init(vectorStoreIds: [String], maxNumResults: Int? = nil, filters: JSONValue? = nil, rankingOptions: JSONValue? = nil) {
            self.vectorStoreIds = vectorStoreIds
            self.maxNumResults = maxNumResults
            self.filters = filters
            self.rankingOptions = rankingOptions
        }

        enum CodingKeys: String, CodingKey {
            case type
            case vectorStoreIds = "vector_store_ids"
            case maxNumResults = "max_num_results"
            case filters
            case rankingOptions = "ranking_options"
        }
    }

    /// The code interpreter tool.
    public struct CodeInterpreterTool: Codable, Sendable {
        public var type = "code_interpreter"
        /// A container id, or `{"type": "auto", "file_ids": […]}`.
        public var container: JSONValue

        public init(container: JSONValue = ["type": "auto"]) { self.container = container }

        /// A new container with these files.
        public static func auto(fileIDs: [String] = []) -> CodeInterpreterTool {
            CodeInterpreterTool(container: fileIDs.isEmpty ? ["type": "auto"] : ["type": "auto", "file_ids": .array(fileIDs.map(JSONValue.string))])
        }
    }

    /// The image generation tool.
    public struct ImageGenerationTool: Codable, Sendable {
        public var type = "image_generation"
        public var model: String?
        /// `low`, `medium`, `high` or `auto`.
        public var quality: String?
        /// `1024x1024`, `1024x1536`, `1536x1024` or `auto`.
        public var size: String?
        /// `transparent`, `opaque` or `auto`.
        public var background: String?
        /// `png`, `webp` or `jpeg`.
        public var outputFormat: String?
        public var outputCompression: Int?
        /// `auto` or `low`.
        public var moderation: String?
        /// 0…3 partial images streamed while generating.
        public var partialImages: Int?
        /// `high` or `low`.
        public var inputFidelity: String?

        public init(
            model: String? = nil, quality: String? = nil, size: String? = nil, background: String? = nil,
            outputFormat: String? = nil, outputCompression: Int? = nil, moderation: String? = nil,
            partialImages: Int? = nil, inputFidelity: String? = nil
        ) {
            self.model = model
            self.quality = quality
            self.size = size
            self.background = background
            self.outputFormat = outputFormat
            self.outputCompression = outputCompression
            self.moderation = moderation
            self.partialImages = partialImages
            self.inputFidelity = inputFidelity
        }

        enum CodingKeys: String, CodingKey {
            case type, model, quality, size, background
            case outputFormat = "output_format"
            case outputCompression = "output_compression"
            case moderation
            case partialImages = "partial_images"
            case inputFidelity = "input_fidelity"
        }
    }

    /// A remote MCP server (or an OpenAI connector).
    public struct MCPTool: Codable, Sendable {
        public var type = "mcp"
        public var serverLabel: String
        public var serverUrl: String?
        public var connectorId: String?
        public var serverDescription: String?
        /// An OAuth access token for the server or connector.
        public var authorization: String?
        public var headers: [String: String]?
        /// Tool names, or `{"tool_names": […], "read_only": …}`.
        public var allowedTools: JSONValue?
        /// `always`, `never`, or a per-tool filter object.
        public var requireApproval: JSONValue?
        /// Hidden from the model until it finds the server's tools with `tool_search`.
        public var deferLoading: Bool?
        /// A tunnel (`tunnel_…`) that reaches a server inside your network.
        public var tunnelID: String?

        public init(
            serverLabel: String, serverUrl: String? = nil, connectorId: String? = nil, serverDescription: String? = nil,
            authorization: String? = nil, headers: [String: String]? = nil, allowedTools: JSONValue? = nil,
            requireApproval: JSONValue? = nil
        ) {
            self.serverLabel = serverLabel
            self.serverUrl = serverUrl
            self.connectorId = connectorId
            self.serverDescription = serverDescription
            self.authorization = authorization
            self.headers = headers
            self.allowedTools = allowedTools
            self.requireApproval = requireApproval
        }

        enum CodingKeys: String, CodingKey {
            case type
            case serverLabel = "server_label"
            case serverUrl = "server_url"
            case connectorId = "connector_id"
            case serverDescription = "server_description"
            case authorization, headers
            case allowedTools = "allowed_tools"
            case requireApproval = "require_approval"
            case deferLoading = "defer_loading"
            case tunnelID = "tunnel_id"
        }

        /// An OpenAI connector (Gmail, Google Drive, Dropbox …) reached with the user's OAuth `authorization` token.
        public static func connector(
            _ connector: Connector, serverLabel: String, authorization: String, allowedTools: JSONValue? = nil,
            requireApproval: JSONValue? = nil
        ) -> MCPTool {
            MCPTool(
                serverLabel: serverLabel, connectorId: connector.rawValue, authorization: authorization, allowedTools: allowedTools,
                requireApproval: requireApproval)
        }

        /// ``connectorId`` typed.
        public var connector: Connector? { connectorId.map(Connector.init(rawValue:)) }

        /// A connector id; any other id is kept as written.
        public struct Connector: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
            public var rawValue: String
            public init(rawValue: String) { self.rawValue = rawValue }
            public init(stringLiteral value: String) { self.rawValue = value }

            public static let dropbox = Connector(rawValue: "connector_dropbox")
            public static let gmail = Connector(rawValue: "connector_gmail")
            public static let googleCalendar = Connector(rawValue: "connector_googlecalendar")
            public static let googleDrive = Connector(rawValue: "connector_googledrive")
            public static let microsoftTeams = Connector(rawValue: "connector_microsoftteams")
            public static let outlookCalendar = Connector(rawValue: "connector_outlookcalendar")
            public static let outlookEmail = Connector(rawValue: "connector_outlookemail")
            public static let sharePoint = Connector(rawValue: "connector_sharepoint")
        }
    }

    /// How the model chooses tools.
    public enum ToolChoice: Codable, Sendable {
        case none
        case auto
        case required
        /// Call this function.
        case function(name: String)
        /// Use this built-in tool, e.g. `file_search`, `web_search_preview`, `image_generation`.
        case hostedTool(type: String)
        /// Only these tools (each `{"type": …}` with its `name` or `server_label`), in mode `auto` (may call one)
        /// or `required` (must call one). The full tool list stays in the request, so the prompt cache still hits.
        case allowedTools(mode: String, tools: [JSONValue])
        /// Call this custom tool.
        case custom(name: String)
        /// Call a tool of this MCP server (this one, when `name` is set).
        case mcp(serverLabel: String, name: String?)
        /// Any other form, as raw JSON.
        case raw(JSONValue)

        /// Only these function tools, by name.
        public static func allowedFunctions(_ names: [String], required: Bool = false) -> ToolChoice {
            .allowedTools(mode: required ? "required" : "auto", tools: names.map { ["type": "function", "name": .string($0)] })
        }

        public init(from decoder: any Decoder) throws {
            let raw = try JSONValue(from: decoder)
            switch raw {
            case .string("none"): self = .none
            case .string("auto"): self = .auto
            case .string("required"): self = .required
            default:
                if raw["type"]?.stringValue == "allowed_tools", let mode = raw["mode"]?.stringValue, let tools = raw["tools"]?.arrayValue {
                    self = .allowedTools(mode: mode, tools: tools)
                } else if raw["type"]?.stringValue == "custom", let name = raw["name"]?.stringValue {
                    self = .custom(name: name)
                } else if raw["type"]?.stringValue == "mcp", let label = raw["server_label"]?.stringValue {
                    self = .mcp(serverLabel: label, name: raw["name"]?.stringValue)
                } else if raw["type"]?.stringValue == "function", let name = raw["name"]?.stringValue {
                    self = .function(name: name)
                } else if let type = raw["type"]?.stringValue, raw.objectValue?.count == 1 {
                    self = .hostedTool(type: type)
                } else {
                    self = .raw(raw)
                }
            }
        }

        public func encode(to encoder: any Encoder) throws {
            let value: JSONValue
            switch self {
            case .none: value = "none"
            case .auto: value = "auto"
            case .required: value = "required"
            case .function(let name): value = ["type": "function", "name": .string(name)]
            case .hostedTool(let type): value = ["type": .string(type)]
            case .allowedTools(let mode, let tools): value = ["type": "allowed_tools", "mode": .string(mode), "tools": .array(tools)]
            case .custom(let name): value = ["type": "custom", "name": .string(name)]
            case .mcp(let label, let name):
                value = name.map { ["type": "mcp", "server_label": .string(label), "name": .string($0)] } ?? ["type": "mcp", "server_label": .string(label)]
            case .raw(let raw): value = raw
            }
            try value.encode(to: encoder)
        }
    }

    /// The text output configuration.
    public struct TextConfiguration: Codable, Sendable {
        public var format: Format?
        /// `low`, `medium` or `high`.
        public var verbosity: String?

        public init(format: Format? = nil, verbosity: String? = nil) {
            self.format = format
            self.verbosity = verbosity
        }

        /// The output format.
        public struct Format: Codable, Sendable {
            /// `text`, `json_object` or `json_schema`.
            public var type: String
            public var name: String?
            public var description: String?
            public var schema: JSONValue?
            public var strict: Bool?

            /// The schema as a ``JSONSchema`` (sent instead of ``schema`` when set; keeps property order, the
            /// order the model writes the fields in).
            public var typedSchema: JSONSchema?

            public init(type: String, name: String? = nil, description: String? = nil, schema: JSONValue? = nil, strict: Bool? = nil) {
                self.type = type
                self.name = name
                self.description = description
                self.schema = schema
                self.strict = strict
            }

            enum CodingKeys: String, CodingKey {
                case type, name, description, schema, strict
            }

            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(type, forKey: .type)
                try container.encodeIfPresent(name, forKey: .name)
                try container.encodeIfPresent(description, forKey: .description)
                if let typedSchema {
                    try container.encode(typedSchema, forKey: .schema)
                } else {
                    try container.encodeIfPresent(schema, forKey: .schema)
                }
                try container.encodeIfPresent(strict, forKey: .strict)
            }

            public static let text = Format(type: "text")
            public static let jsonObject = Format(type: "json_object")

            /// Structured outputs: the reply is JSON matching `schema`.
            public static func jsonSchema(name: String, schema: JSONValue, strict: Bool? = true, description: String? = nil) -> Format {
                Format(type: "json_schema", name: name, description: description, schema: schema, strict: strict)
            }
        }
    }

    /// Reasoning settings for reasoning models.
    public struct Reasoning: Codable, Sendable {
        /// `none`, `minimal`, `low`, `medium`, `high`, `xhigh` or `max` (``effortLevel`` reads it typed).
        public var effort: String?
        /// `auto`, `concise` or `detailed`.
        public var summary: String?
        /// `standard` or `pro` (more compute per answer, on models that offer it).
        public var mode: String?
        /// Which earlier reasoning the model sees: `auto`, `current_turn` or `all_turns`.
        public var context: String?

        public init(effort: String? = nil, summary: String? = nil) {
            self.effort = effort
            self.summary = summary
        }
    }
}
