import AICore
import Foundation

/// Managed Agents' sessions (beta): an agent at work in an environment — its events (sent, listed and streamed), resources and threads.
public protocol AnthropicSessionsService: AnyObject, Sendable {
}
