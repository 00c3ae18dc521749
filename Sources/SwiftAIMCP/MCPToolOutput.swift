#if SwiftAIMCP && (os(macOS) || os(Linux))
import AICore
/// What a tool call returned: its content parts and whether the tool reported a failure.
public struct MCPToolOutput: Sendable, Hashable {
    public var content: [MCPContent]
    /// The tool ran and failed (`isError: true`); ``content`` says why.
    public var isError: Bool
    /// The result's `structuredContent`, when the tool declares an output schema.
    public var structuredContent: JSONValue?

    public init(content: [MCPContent], isError: Bool = false, structuredContent: JSONValue? = nil) {
        self.content = content
        self.isError = isError
        self.structuredContent = structuredContent
    }

    /// The parts as text, one per line (images and resources summarized, see ``MCPContent/summary``).
    public var text: String { content.map(\.summary).joined(separator: "\n") }
}
#endif
