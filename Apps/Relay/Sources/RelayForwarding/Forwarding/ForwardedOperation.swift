import HTTPTypes
import RelayCore

/// What a forwarded request is, as traces and metrics name it: `gen_ai.provider.name`, and for a generation its
/// `gen_ai.operation.name` — the names the SDK gives the same calls when it makes them itself.
public enum ForwardedOperation {
    /// The provider's name in OpenTelemetry's conventions.
    public static func providerName(_ provider: Provider) -> String {
        switch provider {
        case .openai: "openai"
        case .azure: "azure.ai.openai"
        case .anthropic: "anthropic"
        }
    }

    /// `chat` (chat completions, Responses, Anthropic Messages), `text_completion` (completions, Anthropic's
    /// legacy complete) or `embeddings` for a `POST` that creates a generation; nil for every other call (listing,
    /// files, token counting …).
    public static func name(provider: Provider, method: HTTPRequest.Method, path: RequestPath) -> String? {
        guard method == .post else { return nil }
        var segments = path.segments[...]
        if segments.first == "openai" { segments = segments.dropFirst() }
        if segments.first == "deployments" { segments = segments.dropFirst(2) }
        if segments.first == "v1" { segments = segments.dropFirst() }
        switch (provider, Array(segments)) {
        case (.openai, ["chat", "completions"]), (.azure, ["chat", "completions"]), (.openai, ["responses"]),
            (.azure, ["responses"]), (.anthropic, ["messages"]):
            return "chat"
        case (.openai, ["completions"]), (.azure, ["completions"]), (.anthropic, ["complete"]):
            return "text_completion"
        case (.openai, ["embeddings"]), (.azure, ["embeddings"]):
            return "embeddings"
        default:
            return nil
        }
    }
}
