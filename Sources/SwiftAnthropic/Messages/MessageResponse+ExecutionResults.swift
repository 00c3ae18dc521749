import AICore
import Foundation

extension MessageResponse.Content {
    /// What a program run in the code-execution container printed and returned, with the files it wrote
    /// (download them with the Files API).
    public struct ExecutionOutput: Sendable, Equatable {
        /// Standard output.
        public var stdout: String
        /// Standard error.
        public var stderr: String
        /// The exit status; 0 for success.
        public var returnCode: Int
        /// The ids of the files the run created.
        public var fileIDs: [String]

        /// An execution output from its parts.
        public init(stdout: String, stderr: String, returnCode: Int, fileIDs: [String] = []) {
            self.stdout = stdout
            self.stderr = stderr
            self.returnCode = returnCode
            self.fileIDs = fileIDs
        }

        init?(_ object: JSONValue, stdoutKey: String = "stdout") {
            guard let stdout = object[stdoutKey]?.stringValue, let returnCode = object["return_code"]?.intValue else { return nil }
            self.init(
                stdout: stdout, stderr: object["stderr"]?.stringValue ?? "", returnCode: returnCode,
                fileIDs: BlockJSON.fileIDs(object["content"]))
        }

        func json(type: String, outputType: String, stdoutKey: String = "stdout") -> JSONValue {
            [
                "type": .string(type), stdoutKey: .string(stdout), "stderr": .string(stderr), "return_code": .int(returnCode),
                "content": BlockJSON.outputs(fileIDs, type: outputType),
            ]
        }
    }

    /// A `code_execution_tool_result` block: the outcome of a `code_execution` server tool call (Python).
    ///
    /// Send it back unchanged in the next turn (``MessageParameter/Message/Content/ContentObject/init(_:)``).
    public struct CodeExecutionToolResult: Codable, Sendable {
        /// The `server_tool_use` id this result answers.
        public var toolUseID: String
        /// The run's output, its encrypted output, or why it failed.
        public var content: Outcome
        /// Fields of the block this library does not model; sent back as they came.
        public var additionalFields: [String: JSONValue]

        /// How a code execution ended.
        public enum Outcome: Sendable {
            /// The run's output (`code_execution_result`).
            case result(ExecutionOutput)
            /// The run's output with stdout encrypted (`encrypted_code_execution_result`); `stdout` holds the
            /// encrypted text, which only the API can read.
            case encryptedResult(ExecutionOutput)
            /// The tool failed: `invalid_tool_input`, `unavailable`, `too_many_requests`, `execution_time_exceeded`, ….
            case error(code: String)
            /// An outcome this library does not know yet, as JSON.
            case unknown(JSONValue)
        }

        /// A result for the call `toolUseID`.
        public init(toolUseID: String, content: Outcome, additionalFields: [String: JSONValue] = [:]) {
            self.toolUseID = toolUseID
            self.content = content
            self.additionalFields = additionalFields
        }

        static let type = "code_execution_tool_result"

        public init(from decoder: any Decoder) throws {
            let object = try BlockJSON.object(in: decoder)
            guard let id = object["tool_use_id"]?.stringValue else { throw BlockJSON.missing("tool_use_id", of: Self.type, in: decoder) }
            let content = object["content"] ?? .null
            let outcome: Outcome =
                switch content["type"]?.stringValue {
                case "code_execution_result": ExecutionOutput(content).map(Outcome.result) ?? .unknown(content)
                case "encrypted_code_execution_result":
                    ExecutionOutput(content, stdoutKey: "encrypted_stdout").map(Outcome.encryptedResult) ?? .unknown(content)
                case "code_execution_tool_result_error": content["error_code"]?.stringValue.map { .error(code: $0) } ?? .unknown(content)
                default: .unknown(content)
                }
            self.init(toolUseID: id, content: outcome, additionalFields: BlockJSON.extras(object, known: ["type", "tool_use_id", "content"]))
        }

        public func encode(to encoder: any Encoder) throws {
            let content: JSONValue =
                switch self.content {
                case .result(let output): output.json(type: "code_execution_result", outputType: "code_execution_output")
                case .encryptedResult(let output):
                    output.json(type: "encrypted_code_execution_result", outputType: "code_execution_output", stdoutKey: "encrypted_stdout")
                case .error(let code): ["type": "code_execution_tool_result_error", "error_code": .string(code)]
                case .unknown(let raw): raw
                }
            try BlockJSON.merged(
                ["type": .string(Self.type), "tool_use_id": .string(toolUseID), "content": content], extras: additionalFields
            ).encode(to: encoder)
        }
    }

    /// A `bash_code_execution_tool_result` block: the outcome of a shell command the code-execution tool ran.
    public struct BashCodeExecutionToolResult: Codable, Sendable {
        /// The `server_tool_use` id this result answers.
        public var toolUseID: String
        /// The command's output, or why it failed.
        public var content: Outcome
        /// Fields of the block this library does not model; sent back as they came.
        public var additionalFields: [String: JSONValue]

        /// How a shell command ended.
        public enum Outcome: Sendable {
            /// The command's output (`bash_code_execution_result`).
            case result(ExecutionOutput)
            /// The tool failed: `invalid_tool_input`, `unavailable`, `too_many_requests`, `execution_time_exceeded`,
            /// `output_file_too_large`, ….
            case error(code: String)
            /// An outcome this library does not know yet, as JSON.
            case unknown(JSONValue)
        }

        /// A result for the call `toolUseID`.
        public init(toolUseID: String, content: Outcome, additionalFields: [String: JSONValue] = [:]) {
            self.toolUseID = toolUseID
            self.content = content
            self.additionalFields = additionalFields
        }

        static let type = "bash_code_execution_tool_result"

        public init(from decoder: any Decoder) throws {
            let object = try BlockJSON.object(in: decoder)
            guard let id = object["tool_use_id"]?.stringValue else { throw BlockJSON.missing("tool_use_id", of: Self.type, in: decoder) }
            let content = object["content"] ?? .null
            let outcome: Outcome =
                switch content["type"]?.stringValue {
                case "bash_code_execution_result": ExecutionOutput(content).map(Outcome.result) ?? .unknown(content)
                case "bash_code_execution_tool_result_error": content["error_code"]?.stringValue.map { .error(code: $0) } ?? .unknown(content)
                default: .unknown(content)
                }
            self.init(toolUseID: id, content: outcome, additionalFields: BlockJSON.extras(object, known: ["type", "tool_use_id", "content"]))
        }

        public func encode(to encoder: any Encoder) throws {
            let content: JSONValue =
                switch self.content {
                case .result(let output): output.json(type: "bash_code_execution_result", outputType: "bash_code_execution_output")
                case .error(let code): ["type": "bash_code_execution_tool_result_error", "error_code": .string(code)]
                case .unknown(let raw): raw
                }
            try BlockJSON.merged(
                ["type": .string(Self.type), "tool_use_id": .string(toolUseID), "content": content], extras: additionalFields
            ).encode(to: encoder)
        }
    }

    /// A `text_editor_code_execution_tool_result` block: the outcome of a file view or edit the code-execution
    /// tool made in its container.
    public struct TextEditorCodeExecutionToolResult: Codable, Sendable {
        /// The `server_tool_use` id this result answers.
        public var toolUseID: String
        /// What the command did, or why it failed.
        public var content: Outcome
        /// Fields of the block this library does not model; sent back as they came.
        public var additionalFields: [String: JSONValue]

        /// What a text-editor command did.
        public enum Outcome: Sendable {
            /// A file was viewed: its content, kind (`text`, `image`, `pdf`) and line numbers.
            case view(content: String, fileType: String, numLines: Int?, startLine: Int?, totalLines: Int?)
            /// A file was created, or overwritten when `isFileUpdate`.
            case create(isFileUpdate: Bool)
            /// A string was replaced: the changed lines and where they are.
            case strReplace(lines: [String]?, newLines: Int?, newStart: Int?, oldLines: Int?, oldStart: Int?)
            /// The tool failed: its code (`file_not_found`, `invalid_tool_input`, …) and message.
            case error(code: String, message: String?)
            /// An outcome this library does not know yet, as JSON.
            case unknown(JSONValue)
        }

        /// A result for the call `toolUseID`.
        public init(toolUseID: String, content: Outcome, additionalFields: [String: JSONValue] = [:]) {
            self.toolUseID = toolUseID
            self.content = content
            self.additionalFields = additionalFields
        }

        static let type = "text_editor_code_execution_tool_result"

        public init(from decoder: any Decoder) throws {
            let object = try BlockJSON.object(in: decoder)
            guard let id = object["tool_use_id"]?.stringValue else { throw BlockJSON.missing("tool_use_id", of: Self.type, in: decoder) }
            let content = object["content"] ?? .null
            self.init(toolUseID: id, content: Self.outcome(content), additionalFields: BlockJSON.extras(object, known: ["type", "tool_use_id", "content"]))
        }

        private static func outcome(_ content: JSONValue) -> Outcome {
            switch content["type"]?.stringValue {
            case "text_editor_code_execution_view_result":
                guard let text = content["content"]?.stringValue else { return .unknown(content) }
                return .view(
                    content: text, fileType: content["file_type"]?.stringValue ?? "text", numLines: content["num_lines"]?.intValue,
                    startLine: content["start_line"]?.intValue, totalLines: content["total_lines"]?.intValue)
            case "text_editor_code_execution_create_result":
                return content["is_file_update"]?.boolValue.map { .create(isFileUpdate: $0) } ?? .unknown(content)
            case "text_editor_code_execution_str_replace_result":
                return .strReplace(
                    lines: content["lines"]?.arrayValue?.compactMap(\.stringValue), newLines: content["new_lines"]?.intValue,
                    newStart: content["new_start"]?.intValue, oldLines: content["old_lines"]?.intValue, oldStart: content["old_start"]?.intValue)
            case "text_editor_code_execution_tool_result_error":
                guard let code = content["error_code"]?.stringValue else { return .unknown(content) }
                return .error(code: code, message: content["error_message"]?.stringValue)
            default:
                return .unknown(content)
            }
        }

        public func encode(to encoder: any Encoder) throws {
            let content: JSONValue =
                switch self.content {
                case .view(let text, let fileType, let numLines, let startLine, let totalLines):
                    BlockJSON.merged(
                        ["type": "text_editor_code_execution_view_result", "content": .string(text), "file_type": .string(fileType),
                         "num_lines": numLines.map(JSONValue.int), "start_line": startLine.map(JSONValue.int),
                         "total_lines": totalLines.map(JSONValue.int)], extras: [:])
                case .create(let isFileUpdate): ["type": "text_editor_code_execution_create_result", "is_file_update": .bool(isFileUpdate)]
                case .strReplace(let lines, let newLines, let newStart, let oldLines, let oldStart):
                    BlockJSON.merged(
                        ["type": "text_editor_code_execution_str_replace_result", "lines": lines.map { .array($0.map(JSONValue.string)) },
                         "new_lines": newLines.map(JSONValue.int), "new_start": newStart.map(JSONValue.int),
                         "old_lines": oldLines.map(JSONValue.int), "old_start": oldStart.map(JSONValue.int)], extras: [:])
                case .error(let code, let message):
                    BlockJSON.merged(
                        ["type": "text_editor_code_execution_tool_result_error", "error_code": .string(code),
                         "error_message": message.map(JSONValue.string)], extras: [:])
                case .unknown(let raw): raw
                }
            try BlockJSON.merged(
                ["type": .string(Self.type), "tool_use_id": .string(toolUseID), "content": content], extras: additionalFields
            ).encode(to: encoder)
        }
    }
}
