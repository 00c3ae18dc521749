import Foundation

extension MessageParameter.Tool {
    /// The `anthropic-beta` name this tool needs, if it is still in beta; the service sends it with any message
    /// that offers the tool.
    ///
    /// Web search, web fetch, code execution, bash, the text editor, memory, tool search and the toolsets are
    /// generally available (the API takes them without a beta); computer use, the 2024 bash and text editor
    /// versions that came with it, the advisor and an MCP server's toolset (`mcp_toolset`) still need theirs.
    public var requiredBeta: String? {
        switch serverType {
        case "computer_20241022", "bash_20241022", "text_editor_20241022": "computer-use-2024-10-22"
        case "computer_20250124": "computer-use-2025-01-24"
        case "computer_20251124": "computer-use-2025-11-24"
        case "advisor_20260301": "advisor-tool-2026-03-01"
        case "mcp_toolset": "mcp-client-2025-11-20"
        default: nil
        }
    }
}
