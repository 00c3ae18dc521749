import AICore
import Foundation

extension AnthropicService {
    /// [Lists](https://docs.anthropic.com/en/api/models-list) the models in any of the `lifecycle` stages, newest
    /// first. Without a filter the API lists active and deprecated models; retired ones only when asked for.
    ///
    /// ```swift
    /// let retired = try await service.listModels(lifecycle: [.retired])
    /// ```
    public func listModels(
        lifecycle: [ModelLifecycle], limit: Int? = nil, beforeID: String? = nil, afterID: String? = nil, options: RequestOptions = .default
    ) async throws -> AnthropicPage<ModelInfo> {
        try await listModels(limit: limit, beforeID: beforeID, afterID: afterID, options: Self.filtering(options, by: lifecycle))
    }

    /// Every model in any of the `lifecycle` stages, newest first, fetched page by page as the loop reads them.
    public func allModels(
        lifecycle: [ModelLifecycle], pageSize: Int? = nil, options: RequestOptions = .default
    ) -> AnthropicPageSequence<ModelInfo> {
        allModels(pageSize: pageSize, options: Self.filtering(options, by: lifecycle))
    }

    /// `options` with the lifecycle filter in its query, as `lifecycle[]=…` (one item per stage).
    private static func filtering(_ options: RequestOptions, by lifecycle: [ModelLifecycle]) -> RequestOptions {
        var options = options
        options.extraQuery += lifecycle.map { URLQueryItem(name: "lifecycle[]", value: $0.value) }
        return options
    }
}
