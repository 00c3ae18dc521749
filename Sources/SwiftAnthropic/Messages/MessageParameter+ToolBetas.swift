import Foundation

extension MessageParameter.Tool {
    /// The `anthropic-beta` name this tool needs, if it is still in beta; the service sends it with any message
    /// that offers the tool.
    public var requiredBeta: String? {
        switch serverType {
        case "web_fetch_20250910": "web-fetch-2025-09-10"
        case "code_execution_20250825": "code-execution-2025-08-25"
        case "memory_20250818": "context-management-2025-06-27"
        default: nil
        }
    }
}
