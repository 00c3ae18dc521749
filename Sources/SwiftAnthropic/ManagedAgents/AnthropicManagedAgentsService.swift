import AICore
import Foundation

/// [Managed Agents](https://docs.anthropic.com/en/api/agents) (beta): Anthropic's hosted agent runtime — agents and
/// their versions, environments, sessions with their event stream and threads, memory stores, vaults and
/// credentials — which an app drives instead of running its own tool loop.
public protocol AnthropicManagedAgentsService:
    AnthropicAgentsService, AnthropicEnvironmentsService, AnthropicSessionsService, AnthropicMemoryStoresService,
    AnthropicVaultsService
{}
