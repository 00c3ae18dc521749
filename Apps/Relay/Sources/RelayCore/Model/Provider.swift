/// The upstream APIs a relay forwards to. The path a client calls names one (`/{project}/{provider}/…`); the host
/// it reaches is the project's configuration, never the client's choice.
public enum Provider: String, Codable, Sendable, CaseIterable {
    case openai
    /// Azure OpenAI: deployment paths (`/openai/deployments/{name}/…?api-version=…`) and the v1 API (`/openai/v1/…`).
    case azure
    case anthropic

    /// The host a project reaches when it names no other.
    public var defaultBaseURL: String {
        switch self {
        case .openai: "https://api.openai.com"
        case .azure: "https://example.openai.azure.com"
        case .anthropic: "https://api.anthropic.com"
        }
    }
}
