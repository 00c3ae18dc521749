import AICore
import Foundation

extension OpenAIFineTuningService {
    /// Every event of a fine-tuning job (newest first), page after page.
    public func allFineTuningEvents(jobID: String, pageSize: Int? = nil, options: RequestOptions = .default) -> OpenAIPageSequence<FineTuningJobEventObject> {
        OpenAIPageSequence(
            fetch: { try await self.listFineTuningEventsForJobWith(id: jobID, after: $0, limit: pageSize, options: options) }, id: \.id)
    }

    /// Every checkpoint of a fine-tuning job (newest first), page after page.
    public func allFineTuningCheckpoints(jobID: String, pageSize: Int? = nil, options: RequestOptions = .default) -> OpenAIPageSequence<FineTuningCheckpointObject> {
        OpenAIPageSequence(
            fetch: { try await self.listFineTuningCheckpoints(jobID: jobID, after: $0, limit: pageSize, options: options) }, id: \.id)
    }

    /// Every fine-tuning job, page after page.
    public func allFineTuningJobs(pageSize: Int? = nil, options: RequestOptions = .default) -> OpenAIPageSequence<FineTuningJobObject> {
        OpenAIPageSequence(fetch: { try await self.listFineTuningJobs(after: $0, limit: pageSize, options: options) }, id: \.id)
    }
}
