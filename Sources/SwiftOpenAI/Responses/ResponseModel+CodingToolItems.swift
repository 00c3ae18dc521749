import AICore
import Foundation

extension ResponseModel.OutputItem {
    /// The answer to a custom tool call (`custom_tool_call_output`).
    public struct CustomToolCallOutput: Codable, Sendable {
        public var type = "custom_tool_call_output"
        public var id: String?
        public var callId: String
        /// Text, or a list of content parts (`input_text`, `input_image`, `input_file`).
        public var output: JSONValue
        public var status: String?

        public init(id: String? = nil, callID: String, output: String) {
            self.id = id
            self.callId = callID
            self.output = .string(output)
        }

        /// The output when it is plain text.
        public var text: String? { output.stringValue }

        enum CodingKeys: String, CodingKey {
            case type, id
            case callId = "call_id"
            case output, status
        }
    }

    /// A `shell_call`: commands the shell tool runs.
    public struct ShellCall: Codable, Sendable {
        public var type = "shell_call"
        public var id: String?
        /// The id to answer with a `shell_call_output`.
        public var callId: String
        public var action: Action
        /// `in_progress`, `completed` or `incomplete`.
        public var status: String?
        /// Where the commands run: `{"type": "local"}` or `{"type": "container_reference", "container_id": …}`.
        public var environment: JSONValue?

        /// The commands and their limits.
        public struct Action: Codable, Sendable {
            /// Each entry a whole command line, run one after the other.
            public var commands: [String]
            public var timeoutMs: Int?
            /// The most characters of output the model wants back per command.
            public var maxOutputLength: Int?

            public init(commands: [String], timeoutMs: Int? = nil, maxOutputLength: Int? = nil) {
                self.commands = commands
                self.timeoutMs = timeoutMs
                self.maxOutputLength = maxOutputLength
            }

            enum CodingKeys: String, CodingKey {
                case commands
                case timeoutMs = "timeout_ms"
                case maxOutputLength = "max_output_length"
            }
        }

        enum CodingKeys: String, CodingKey {
            case type, id
            case callId = "call_id"
            case action, status, environment
        }
    }

    /// A `shell_call_output`: what each command of a `shell_call` printed and how it ended.
    public struct ShellCallOutput: Codable, Sendable {
        public var type = "shell_call_output"
        public var id: String?
        public var callId: String
        public var output: [Output]
        public var maxOutputLength: Int?
        public var status: String?

        public init(id: String? = nil, callID: String, output: [Output], maxOutputLength: Int? = nil) {
            self.id = id
            self.callId = callID
            self.output = output
            self.maxOutputLength = maxOutputLength
        }

        /// One command's result.
        public struct Output: Codable, Sendable, Equatable {
            public var stdout: String
            public var stderr: String
            public var outcome: Outcome

            public init(stdout: String, stderr: String = "", outcome: Outcome) {
                self.stdout = stdout
                self.stderr = stderr
                self.outcome = outcome
            }
        }

        /// How a command ended: `exit` with its code, or `timeout`.
        public struct Outcome: Codable, Sendable, Equatable {
            public var type: String
            public var exitCode: Int?

            public init(type: String, exitCode: Int? = nil) {
                self.type = type
                self.exitCode = exitCode
            }

            public static func exit(_ code: Int) -> Outcome { Outcome(type: "exit", exitCode: code) }
            public static let timeout = Outcome(type: "timeout")

            enum CodingKeys: String, CodingKey {
                case type
                case exitCode = "exit_code"
            }
        }

        enum CodingKeys: String, CodingKey {
            case type, id
            case callId = "call_id"
            case output
            case maxOutputLength = "max_output_length"
            case status
        }
    }

    /// A `local_shell_call` (the older local shell tool): one command to run.
    public struct LocalShellCall: Codable, Sendable {
        public var type = "local_shell_call"
        public var id: String?
        public var callId: String
        /// `{"type": "exec", "command": [...], "env": {...}, "working_directory": …, "timeout_ms": …}`.
        public var action: JSONValue
        public var status: String?

        /// The command's argv.
        public var command: [String] { action["command"]?.arrayValue?.compactMap(\.stringValue) ?? [] }

        enum CodingKeys: String, CodingKey {
            case type, id
            case callId = "call_id"
            case action, status
        }
    }

    /// A `local_shell_call_output`: what a local shell command printed (as JSON text).
    public struct LocalShellCallOutput: Codable, Sendable {
        public var type = "local_shell_call_output"
        public var id: String?
        public var callId: String?
        public var output: String
        public var status: String?

        enum CodingKeys: String, CodingKey {
            case type, id
            case callId = "call_id"
            case output, status
        }
    }

    /// An `apply_patch_call`: one file change to make.
    public struct ApplyPatchCall: Codable, Sendable {
        public var type = "apply_patch_call"
        public var id: String?
        /// The id to answer with an `apply_patch_call_output`.
        public var callId: String
        /// `in_progress` or `completed`.
        public var status: String?
        public var operation: Operation

        /// The change: `create_file` (with the new file as a diff), `update_file` (a diff) or `delete_file`.
        public struct Operation: Codable, Sendable, Equatable {
            /// `create_file`, `update_file`, `delete_file`, or a kind this version doesn't know.
            public var type: String
            /// The file, relative to the workspace root.
            public var path: String
            /// A V4A diff (absent for `delete_file`).
            public var diff: String?

            public init(type: String, path: String, diff: String? = nil) {
                self.type = type
                self.path = path
                self.diff = diff
            }
        }

        enum CodingKeys: String, CodingKey {
            case type, id
            case callId = "call_id"
            case status, operation
        }
    }

    /// An `apply_patch_call_output`: whether a change was applied (`completed` or `failed`).
    public struct ApplyPatchCallOutput: Codable, Sendable {
        public var type = "apply_patch_call_output"
        public var id: String?
        public var callId: String
        /// `completed` or `failed`.
        public var status: String
        /// A log line or error for the model.
        public var output: String?

        public init(id: String? = nil, callID: String, status: String, output: String? = nil) {
            self.id = id
            self.callId = callID
            self.status = status
            self.output = output
        }

        enum CodingKeys: String, CodingKey {
            case type, id
            case callId = "call_id"
            case status, output
        }
    }

    /// A `tool_search_call`: the model looking for deferred tools.
    public struct ToolSearchCall: Codable, Sendable {
        public var type = "tool_search_call"
        public var id: String?
        public var callId: String?
        /// `server` or `client`.
        public var execution: String?
        public var arguments: JSONValue?
        public var status: String?

        enum CodingKeys: String, CodingKey {
            case type, id
            case callId = "call_id"
            case execution, arguments, status
        }
    }

    /// A `tool_search_output`: the tools a search loaded.
    public struct ToolSearchOutput: Codable, Sendable {
        public var type = "tool_search_output"
        public var id: String?
        public var callId: String?
        public var execution: String?
        public var tools: [ModelResponseParameter.Tool]
        public var status: String?

        enum CodingKeys: String, CodingKey {
            case type, id
            case callId = "call_id"
            case execution, tools, status
        }
    }
}

extension ResponseModel {
    /// The custom tool calls the model made, in order.
    public var customToolCalls: [OutputItem.CustomToolCall] {
        output.compactMap { if case .customToolCall(let call) = $0 { call } else { nil } }
    }

    /// The shell calls the model made, in order.
    public var shellCalls: [OutputItem.ShellCall] {
        output.compactMap { if case .shellCall(let call) = $0 { call } else { nil } }
    }

    /// The file changes the model asked for, in order.
    public var applyPatchCalls: [OutputItem.ApplyPatchCall] {
        output.compactMap { if case .applyPatchCall(let call) = $0 { call } else { nil } }
    }
}
