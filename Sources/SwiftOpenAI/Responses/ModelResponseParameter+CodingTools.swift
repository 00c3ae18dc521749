import AICore
import Foundation

extension ModelResponseParameter {
    /// A custom tool: the model calls it with free-form text instead of JSON arguments (a `custom_tool_call`
    /// item), optionally constrained by a grammar. Answer with ``InputItem/customToolCallOutput(callID:output:)``.
    public struct CustomTool: Codable, Sendable {
        public var type = "custom"
        public var name: String
        public var description: String?
        /// What the input looks like: any text (the default), or text matching a grammar.
        public var format: Format?
        /// Hidden from the model until it finds it with the `tool_search` tool.
        public var deferLoading: Bool?

        public init(name: String, description: String? = nil, format: Format? = nil, deferLoading: Bool? = nil) {
            self.name = name
            self.description = description
            self.format = format
            self.deferLoading = deferLoading
        }

        /// The input format of a custom tool.
        public enum Format: Codable, Sendable, Equatable {
            /// Unconstrained text.
            case text
            /// Text the model must write in this grammar; `syntax` is `lark` or `regex`.
            case grammar(syntax: String, definition: String)
            /// A format this version doesn't know, kept as sent.
            case unknown(JSONValue)

            /// A Lark (context-free) grammar.
            public static func lark(_ definition: String) -> Format { .grammar(syntax: "lark", definition: definition) }
            /// A regular expression the whole input must match.
            public static func regex(_ pattern: String) -> Format { .grammar(syntax: "regex", definition: pattern) }

            public init(from decoder: any Decoder) throws {
                let raw = try JSONValue(from: decoder)
                switch raw["type"]?.stringValue {
                case "text": self = .text
                case "grammar":
                    self = .grammar(syntax: raw["syntax"]?.stringValue ?? "", definition: raw["definition"]?.stringValue ?? "")
                default: self = .unknown(raw)
                }
            }

            public func encode(to encoder: any Encoder) throws {
                let value: JSONValue
                switch self {
                case .text: value = ["type": "text"]
                case .grammar(let syntax, let definition):
                    value = ["type": "grammar", "syntax": .string(syntax), "definition": .string(definition)]
                case .unknown(let raw): value = raw
                }
                try value.encode(to: encoder)
            }
        }

        enum CodingKeys: String, CodingKey {
            case type, name, description, format
            case deferLoading = "defer_loading"
        }
    }

    /// The shell tool. Where commands run is its `environment`: `.local` (the model returns `shell_call` items and
    /// you run them, answering with ``InputItem/shellCallOutput(callID:outputs:)``), a new hosted container
    /// (`.containerAuto`) or an existing one (`.container(id:)`), where OpenAI runs them and the output comes back
    /// as `shell_call_output` items.
    public struct ShellTool: Codable, Sendable {
        public var type = "shell"
        /// `{"type": "local"}`, `{"type": "container_auto", …}` or `{"type": "container_reference", "container_id": …}`.
        public var environment: JSONValue?

        public init(environment: JSONValue? = nil) { self.environment = environment }

        /// Commands run on your machine by your code.
        public static let local = ShellTool(environment: ["type": "local"])

        /// Commands run in a new hosted container, with these files in it.
        public static func containerAuto(fileIDs: [String] = []) -> ShellTool {
            ShellTool(environment: fileIDs.isEmpty ? ["type": "container_auto"] : ["type": "container_auto", "file_ids": .array(fileIDs.map(JSONValue.string))])
        }

        /// Commands run in an existing container.
        public static func container(id: String) -> ShellTool {
            ShellTool(environment: ["type": "container_reference", "container_id": .string(id)])
        }
    }

    /// The apply_patch tool: the model proposes file changes as `apply_patch_call` items; you apply them and
    /// answer with ``InputItem/applyPatchCallOutput(callID:succeeded:output:)``.
    public struct ApplyPatchTool: Codable, Sendable {
        public var type = "apply_patch"
        public init() {}
    }

    /// The tool search tool: the model searches the tools marked `deferLoading` and loads only those it needs.
    public struct ToolSearchTool: Codable, Sendable {
        public var type = "tool_search"
        /// `server` (OpenAI searches) or `client` (you answer the `tool_search_call` with a `tool_search_output`).
        public var execution: String?
        public var description: String?
        /// For client execution: the schema of the search arguments.
        public var parameters: JSONValue?

        public init(execution: String? = nil, description: String? = nil, parameters: JSONValue? = nil) {
            self.execution = execution
            self.description = description
            self.parameters = parameters
        }
    }

    /// A namespace: function and custom tools grouped under one name (the model sees `namespace.tool`).
    public struct NamespaceTool: Codable, Sendable {
        public var type = "namespace"
        public var name: String
        public var description: String
        /// Function and custom tools.
        public var tools: [Tool]

        public init(name: String, description: String, tools: [Tool]) {
            self.name = name
            self.description = description
            self.tools = tools
        }
    }
}

extension ModelResponseParameter.InputItem {
    /// The answer to a `custom_tool_call`: the text the tool produced.
    public static func customToolCallOutput(callID: String, output: String) -> Self {
        .outputItem(.customToolCallOutput(ResponseModel.OutputItem.CustomToolCallOutput(callID: callID, output: output)))
    }

    /// The answer to a `shell_call` you ran: one entry per command.
    public static func shellCallOutput(callID: String, outputs: [ResponseModel.OutputItem.ShellCallOutput.Output]) -> Self {
        .outputItem(.shellCallOutput(ResponseModel.OutputItem.ShellCallOutput(callID: callID, output: outputs)))
    }

    /// The answer to an `apply_patch_call`: whether the change was applied, and a log line for the model.
    public static func applyPatchCallOutput(callID: String, succeeded: Bool, output: String? = nil) -> Self {
        .outputItem(.applyPatchCallOutput(
            ResponseModel.OutputItem.ApplyPatchCallOutput(callID: callID, status: succeeded ? "completed" : "failed", output: output)))
    }
}
