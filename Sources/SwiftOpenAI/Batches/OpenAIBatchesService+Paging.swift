import AICore
import Foundation

extension OpenAIBatchesService {
    /// Every batch, page after page.
    public func allBatches(pageSize: Int? = nil, options: RequestOptions = .default) -> OpenAIPageSequence<BatchObject> {
        OpenAIPageSequence(
            fetch: { after in try await self.listBatch(parameters: ListParameters(limit: pageSize, after: after), options: options) },
            id: \.id)
    }
}
