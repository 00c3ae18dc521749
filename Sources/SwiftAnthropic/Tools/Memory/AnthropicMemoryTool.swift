import AICore
import Foundation

/// The memory tool (`memory_20250818`) backed by a directory your app chooses: Claude keeps notes under
/// `/memories`, and this type runs its commands on the files there.
///
/// ```swift
/// let memory = AnthropicMemoryTool(directory: appSupport.appendingPathComponent("memories"))
/// let run = ToolRunner(tools: [memory.tool]).run(service, messages: parameter)
/// ```
///
/// The runner sends it as Anthropic's memory tool (not a custom tool) and runs its calls like any other; or
/// call ``handle(_:)`` with a `tool_use` block's input yourself. Every path must lie under `/memories`: `..`,
/// another root, a symlink leading out of the directory, NUL bytes and over-long names are refused with an
/// error result, and nothing outside the directory is read or written. Commands on one directory run one at a
/// time; files are written whole (through a temporary file) and readable by their owner only.
public struct AnthropicMemoryTool: Sendable {
    /// The directory that holds `/memories`; created on first use.
    public var directory: URL { storage.root }
    /// Makes the tool definition a cache breakpoint; nil for none.
    public var cacheControl: MessageParameter.CacheControl?
    private let storage: MemoryDirectory

    /// A memory tool storing its files in `directory` (which need not exist yet).
    public init(directory: URL, cacheControl: MessageParameter.CacheControl? = nil) {
        self.storage = MemoryDirectory(root: directory)
        self.cacheControl = cacheControl
    }

    /// What a memory command returned: the text for the tool result, and whether it is an error
    /// (`is_error`).
    public struct Result: Sendable, Equatable {
        /// The tool result's text, as Anthropic's documentation words it.
        public let text: String
        /// The command failed; `text` says why.
        public let isError: Bool

        /// A result from its parts.
        public init(text: String, isError: Bool) {
            self.text = text
            self.isError = isError
        }
    }

    /// The tool definition to offer in a message's `tools`.
    public var definition: MessageParameter.Tool {
        var tool = MessageParameter.Tool.memory
        tool.cacheControl = cacheControl
        return tool
    }

    /// The tool for a ``ToolRunner``: sent as the memory tool, its calls run by ``handle(_:)`` (an error result
    /// goes back with `is_error`).
    public var tool: AITool {
        var definition: [String: JSONValue] = ["type": "memory_20250818", "name": "memory"]
        if let cacheControl {
            var cache: [String: JSONValue] = ["type": .string(cacheControl.type.rawValue)]
            if let ttl = cacheControl.ttl { cache["ttl"] = .string(ttl.rawValue) }
            definition["cache_control"] = .object(cache)
        }
        let handler = self
        return AITool("memory", builtinDefinition: .object(definition)) { input in
            let result = handler.handle(input)
            if result.isError { throw ToolFailure(result.text) }
            return result.text
        }
    }

    /// Runs a command given as the JSON of a `tool_use` block's input, e.g. `{"command": "view", "path": "/memories"}`.
    public func handle(_ input: String) -> Result {
        let command: AnthropicMemoryCommand
        do {
            command = try JSONDecoder().decode(AnthropicMemoryCommand.self, from: Data(input.utf8))
        } catch let error as DecodingError {
            return Result(text: "Error: Invalid memory command: \(Self.describe(error))", isError: true)
        } catch {
            return Result(text: "Error: Invalid memory command: \(error.localizedDescription)", isError: true)
        }
        return execute(command)
    }

    /// Runs a command on the directory.
    public func execute(_ command: AnthropicMemoryCommand) -> Result {
        do {
            return Result(text: try storage.run(command), isError: false)
        } catch let error as MemoryError {
            return Result(text: error.message, isError: true)
        } catch {
            return Result(text: "Error: \(error.localizedDescription)", isError: true)
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _): "the field `\(key.stringValue)` is missing."
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            "the field `\(context.codingPath.map(\.stringValue).joined(separator: "."))` has the wrong type."
        case .dataCorrupted(let context): context.debugDescription
        @unknown default: "\(error)"
        }
    }
}
