#if SwiftAIMCP && (os(macOS) || os(Linux))
import AICore
import MCP

/// One part of a tool's result.
public enum MCPContent: Sendable, Hashable {
    case text(String)
    /// Base64 data.
    case image(data: String, mimeType: String)
    /// Base64 data.
    case audio(data: String, mimeType: String)
    /// A resource embedded in the result: its text, or base64 `blob` for binary contents.
    case resource(uri: String, mimeType: String?, text: String?, blob: String?)
    /// A link to a resource the server can read.
    case resourceLink(uri: String, name: String, mimeType: String?)

    /// The part as text for a model: text as it is, anything else as a short summary (a model given raw base64
    /// learns nothing and loses context).
    public var summary: String {
        switch self {
        case .text(let text): text
        case .image(_, let mimeType): "[image: \(mimeType)]"
        case .audio(_, let mimeType): "[audio: \(mimeType)]"
        case .resource(let uri, _, _, _), .resourceLink(let uri, _, _): "[resource: \(uri)]"
        }
    }

    init(_ content: Tool.Content) {
        switch content {
        case .text(let text, _, _): self = .text(text)
        case .image(let data, let mimeType, _, _): self = .image(data: data, mimeType: mimeType)
        case .audio(let data, let mimeType, _, _): self = .audio(data: data, mimeType: mimeType)
        case .resource(let resource, _, _):
            self = .resource(uri: resource.uri, mimeType: resource.mimeType, text: resource.text, blob: resource.blob)
        case .resourceLink(let uri, let name, _, _, let mimeType, _):
            self = .resourceLink(uri: uri, name: name, mimeType: mimeType)
        }
    }
}
#endif
