#if SwiftAIMCP && (os(macOS) || os(Linux))
import AICore
/// A tool as the server lists it.
public struct MCPToolDescription: Sendable, Hashable {
    /// The name to call it by on the server.
    public var name: String
    /// A display name, when the server gives one.
    public var title: String?
    public var description: String?
    /// The arguments' schema (an object schema: one without `type` is given `type: object`).
    public var inputSchema: JSONSchema

    public init(name: String, title: String? = nil, description: String? = nil, inputSchema: JSONSchema) {
        self.name = name
        self.title = title
        self.description = description
        self.inputSchema = inputSchema
    }
}
#endif
