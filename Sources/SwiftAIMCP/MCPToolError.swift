#if SwiftAIMCP && (os(macOS) || os(Linux))
import AICore
/// A tool ran and reported a failure (an MCP result with `isError: true`).
///
/// Thrown by the tools of ``MCPServer/tools(prefix:)``; its description is the server's own text, so
/// ``ToolRunner`` hands the model exactly what the server said as an error result, and the model can react.
public struct MCPToolError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The tool's name on the server.
    public let tool: String
    /// The result's text (see ``MCPToolOutput/text``).
    public let message: String
    /// The whole result.
    public let output: MCPToolOutput

    public init(tool: String, output: MCPToolOutput) {
        self.tool = tool
        self.output = output
        let text = output.text
        self.message = text.isEmpty ? "The tool \(tool) failed without saying why." : text
    }

    public var description: String { message }
}
#endif
