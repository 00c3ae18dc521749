import AICore
import Foundation

extension OpenAIVectorStoresService {
    /// Every vector store, page after page.
    public func allVectorStores(pageSize: Int? = nil, options: RequestOptions = .default) -> OpenAIPageSequence<VectorStoreObject> {
        OpenAIPageSequence(
            fetch: { try await self.listVectorStores(parameters: ListParameters(limit: pageSize, after: $0), options: options) }, id: \.id)
    }

    /// Every file of a vector store, page after page; `filter` is `in_progress`, `completed`, `failed` or `cancelled`.
    public func allVectorStoreFiles(
        vectorStoreID: String, filter: String? = nil, pageSize: Int? = nil, options: RequestOptions = .default
    ) -> OpenAIPageSequence<VectorStoreFileObject> {
        OpenAIPageSequence(
            fetch: {
                try await self.listVectorStoreFiles(
                    vectorStoreID: vectorStoreID, parameters: ListParameters(limit: pageSize, after: $0), filter: filter, options: options)
            }, id: \.id)
    }
}
