/// Where one project's requests for one provider go: the base URL (scheme, host, port and an optional path prefix)
/// and the id of the encrypted provider key the relay adds on the way.
public struct Upstream: Codable, Sendable, Equatable {
    public var provider: Provider
    /// `https://api.openai.com`, `https://my-resource.openai.azure.com`, or a sandbox's `http://127.0.0.1:PORT`.
    public var baseURL: String

    public init(provider: Provider, baseURL: String) {
        self.provider = provider
        self.baseURL = baseURL
    }
}
