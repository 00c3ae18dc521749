import RelayCore

/// The parts of a proxied path: `/{project}/{provider}/{rest}`, e.g. `/story-app/openai/v1/chat/completions?x=1`
/// → project `story-app`, provider `.openai`, rest `/v1/chat/completions?x=1`.
///
/// This is what makes the seeds' AIProxy factories work unchanged: their service URL is
/// `https://relay.example.com/story-app/openai`, and they append the provider's usual paths to it.
struct ProxyTarget: Sendable, Equatable {
    var projectID: String
    var provider: Provider
    /// The provider path and query, starting with `/`.
    var rest: String

    /// Splits a request URI (path and query); `nil` when it has fewer than three segments or names an unknown
    /// provider.
    init?(uri: String) {
        guard uri.hasPrefix("/") else { return nil }
        let afterSlash = uri.dropFirst()
        guard let projectEnd = afterSlash.firstIndex(of: "/") else { return nil }
        let project = afterSlash[..<projectEnd]
        let afterProject = afterSlash[afterSlash.index(after: projectEnd)...]
        guard let providerEnd = afterProject.firstIndex(where: { $0 == "/" || $0 == "?" }),
            afterProject[providerEnd] == "/",
            let provider = Provider(rawValue: String(afterProject[..<providerEnd])),
            !project.isEmpty
        else { return nil }
        self.projectID = String(project)
        self.provider = provider
        self.rest = String(afterProject[providerEnd...])
    }

    /// The provider path without the query, which endpoint patterns match.
    var restPath: Substring {
        rest.firstIndex(of: "?").map { rest[..<$0] } ?? rest[...]
    }
}
