#if SwiftAIMCP && (os(macOS) || os(Linux))
import AICore
import Foundation
import MCP

/// The MCP SDK's `Value` and AICore's `JSONValue` hold the same JSON; tool schemas and results cross from one to
/// the other, arguments the other way.
extension JSONValue {
    /// The same JSON; binary `data` (which the SDK makes of any `data:` URL string) becomes that URL again.
    init(_ value: MCP.Value) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .int(let number): self = .int(number)
        case .double(let number): self = .double(number)
        case .string(let text): self = .string(text)
        case .data(let mimeType, let data): self = .string(data.dataURLEncoded(mimeType: mimeType))
        case .array(let items): self = .array(items.map(JSONValue.init))
        case .object(let members): self = .object(members.mapValues(JSONValue.init))
        }
    }
}

extension MCP.Value {
    /// The same JSON.
    init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .int(let number): self = .int(number)
        case .double(let number): self = .double(number)
        case .string(let text): self = .string(text)
        case .array(let items): self = .array(items.map(MCP.Value.init))
        case .object(let members): self = .object(members.mapValues(MCP.Value.init))
        }
    }
}
#endif
