import AICore
import Foundation

/// Managed Agents' memory stores (beta): what agents remember across sessions, as memories with versions.
public protocol AnthropicMemoryStoresService: AnyObject, Sendable {
}
