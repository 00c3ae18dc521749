import AICore
import Foundation

/// Managed Agents' environments (beta): the sandboxes sessions run their tools in.
public protocol AnthropicEnvironmentsService: AnyObject, Sendable {
}
