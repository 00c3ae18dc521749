import AICore
import Foundation

extension DefaultAnthropicService {
    /// `options` whose `anthropic-beta` header also carries `betas`.
    ///
    /// A feature in beta works only when its beta name is sent; the SDK adds it when the call uses the feature, so
    /// callers don't have to know the names. The betas the call already sends (its own `anthropic-beta` header, else
    /// the service's `betaHeaders`) are kept first and each name is sent once, so a beta set by hand still wins.
    package func options(_ options: RequestOptions, addingBetas betas: [String]) -> RequestOptions {
        guard !betas.isEmpty else { return options }
        var options = options
        let sent = options.extraHeaders["anthropic-beta"] ?? client.configuration.headers["anthropic-beta"]
        var merged = (sent ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        for beta in betas where !merged.contains(beta) { merged.append(beta) }
        options.extraHeaders["anthropic-beta"] = merged.joined(separator: ",")
        return options
    }
}
