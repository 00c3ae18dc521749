import AICore
import Foundation

extension OpenAIFilesService {
    /// Every file (of `purpose`), page after page as the sequence is consumed.
    public func allFiles(purpose: String? = nil, pageSize: Int? = nil, options: RequestOptions = .default) -> OpenAIPageSequence<FileObject> {
        OpenAIPageSequence(
            fetch: { after in
                try await self.listFiles(purpose: purpose, parameters: ListParameters(limit: pageSize, after: after), options: options)
            }, id: \.id)
    }
}
