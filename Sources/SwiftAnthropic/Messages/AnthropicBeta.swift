import Foundation

/// A name for the `anthropic-beta` header, which turns on a feature still in beta.
///
/// The service adds the betas a request's fields need by itself (``MessageParameter/requiredBetas``); name
/// others in ``MessageParameter/betas`` — e.g. ``context1M`` for the 1M-token context window — or pass any
/// string: `AnthropicBeta("new-feature-2026-12-01")`.
public struct AnthropicBeta: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String

    /// Any beta name, including ones newer than this library.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Any beta name, including ones newer than this library.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// A beta name from a string literal.
    public init(stringLiteral value: String) { rawValue = value }

    public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }

    /// The 1M-token context window on the models that offer it.
    public static let context1M: AnthropicBeta = "context-1m-2025-08-07"
    /// Up to 128k output tokens (Claude 3.7 Sonnet).
    public static let output128k: AnthropicBeta = "output-128k-2025-02-19"
    /// Up to 300k output tokens.
    public static let output300k: AnthropicBeta = "output-300k-2026-03-24"
    /// Thinking between tool calls on Claude 4 models.
    public static let interleavedThinking: AnthropicBeta = "interleaved-thinking-2025-05-14"
    /// Context editing: clearing tool uses and thinking, and the memory tool.
    public static let contextManagement: AnthropicBeta = "context-management-2025-06-27"
    /// Server-side compaction (`compact_20260112`).
    public static let compact: AnthropicBeta = "compact-2026-01-12"
    /// The later compaction beta (`compaction` with `type: summarize`).
    public static let compact20260904: AnthropicBeta = "compact-2026-09-04"
    /// `stop_reason` `model_context_window_exceeded` instead of an error when the input fills the context window.
    public static let modelContextWindowExceeded: AnthropicBeta = "model-context-window-exceeded-2025-08-26"
    /// Fast mode (`speed: "fast"`).
    public static let fastMode: AnthropicBeta = "fast-mode-2026-02-01"
    /// Agent Skills in the code-execution container.
    public static let skills: AnthropicBeta = "skills-2025-10-02"
    /// The first code-execution tool, `code_execution_20250522` (the later versions need no beta).
    public static let codeExecution: AnthropicBeta = "code-execution-2025-05-22"
    /// The Files API.
    public static let filesAPI: AnthropicBeta = "files-api-2025-04-14"
    /// The MCP connector (`mcp_servers`).
    public static let mcpClient: AnthropicBeta = "mcp-client-2025-04-04"
    /// The MCP connector with MCP toolsets.
    public static let mcpClient20251120: AnthropicBeta = "mcp-client-2025-11-20"
    /// Structured outputs on models where they are still in beta.
    public static let structuredOutputs: AnthropicBeta = "structured-outputs-2025-11-13"
    /// Task budgets (`output_config.task_budget`).
    public static let taskBudgets: AnthropicBeta = "task-budgets-2026-03-13"
    /// Server-side fallback to other models (`fallbacks`).
    public static let serverSideFallback: AnthropicBeta = "server-side-fallback-2026-07-01"
    /// Thinking display `updates`.
    public static let thinkingDisplayUpdates: AnthropicBeta = "thinking-display-updates-2026-08-18"
    /// Prompt-cache miss diagnosis (`diagnostics`).
    public static let cacheDiagnosis: AnthropicBeta = "cache-diagnosis-2026-04-07"
    /// One-hour cache entries (`ttl: "1h"`) on platforms where they are still in beta.
    public static let extendedCacheTTL: AnthropicBeta = "extended-cache-ttl-2025-04-11"
    /// Token-efficient tool use (Claude 3.7 Sonnet).
    public static let tokenEfficientTools: AnthropicBeta = "token-efficient-tools-2025-02-19"
    /// The advisor tool.
    public static let advisorTool: AnthropicBeta = "advisor-tool-2026-03-01"
    /// Computer use `computer_20251124`.
    public static let computerUse20251124: AnthropicBeta = "computer-use-2025-11-24"
}
