import AICore
import Foundation

extension OpenAIAssistantsService {
    /// Every assistant, page after page.
    public func allAssistants(pageSize: Int? = nil, options: RequestOptions = .default) -> OpenAIPageSequence<AssistantObject> {
        OpenAIPageSequence(
            fetch: { try await self.listAssistants(limit: pageSize, order: nil, after: $0, before: nil, options: options) }, id: \.id)
    }

    /// Every run of a thread (newest first by default), page after page.
    public func allRuns(
        threadID: String, order: String? = nil, pageSize: Int? = nil, options: RequestOptions = .default
    ) -> OpenAIPageSequence<RunObject> {
        OpenAIPageSequence(
            fetch: { try await self.listRuns(threadID: threadID, limit: pageSize, order: order, after: $0, before: nil, options: options) },
            id: \.id)
    }

    /// Every step of a run (newest first by default), page after page.
    public func allRunSteps(
        threadID: String, runID: String, order: String? = nil, pageSize: Int? = nil, options: RequestOptions = .default
    ) -> OpenAIPageSequence<RunStepObject> {
        OpenAIPageSequence(
            fetch: {
                try await self.listRunSteps(
                    threadID: threadID, runID: runID, limit: pageSize, order: order, after: $0, before: nil, options: options)
            }, id: \.id)
    }

    /// Every message of a thread (newest first, as the API orders them by default), page after page.
    public func allMessages(
        threadID: String, order: String? = nil, pageSize: Int? = nil, options: RequestOptions = .default
    ) -> OpenAIPageSequence<MessageObject> {
        OpenAIPageSequence(
            fetch: {
                try await self.listMessages(
                    threadID: threadID, limit: pageSize, order: order, after: $0, before: nil, runID: nil, options: options)
            }, id: \.id)
    }
}
