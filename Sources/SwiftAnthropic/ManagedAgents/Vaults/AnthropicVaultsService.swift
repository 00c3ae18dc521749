import AICore
import Foundation

/// Managed Agents' vaults (beta): credentials sessions use to reach outside services, kept out of prompts.
public protocol AnthropicVaultsService: AnyObject, Sendable {
}
