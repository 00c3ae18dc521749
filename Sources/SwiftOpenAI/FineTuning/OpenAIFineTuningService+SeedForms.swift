import AICore
import Foundation

extension OpenAIFineTuningService {
    public func listFineTuningJobs(after: String? = nil, limit: Int? = nil) async throws -> OpenAIResponse<FineTuningJobObject> {
        try await listFineTuningJobs(after: after, limit: limit, options: .default)
    }

    /// The seed README's spelling of ``listFineTuningJobs(after:limit:)``, kept so its snippet compiles.
    @available(*, deprecated, renamed: "listFineTuningJobs(after:limit:)")
    public func istFineTuningJobs(after: String? = nil, limit: Int? = nil) async throws -> OpenAIResponse<FineTuningJobObject> {
        try await listFineTuningJobs(after: after, limit: limit, options: .default)
    }

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

    public func createFineTuningJob(parameters: FineTuningJobParameters) async throws -> FineTuningJobObject {
        try await createFineTuningJob(parameters: parameters, options: .default)
    }

    public func retrieveFineTuningJob(id: String) async throws -> FineTuningJobObject {
        try await retrieveFineTuningJob(id: id, options: .default)
    }

    public func cancelFineTuningJobWith(id: String) async throws -> FineTuningJobObject {
        try await cancelFineTuningJobWith(id: id, options: .default)
    }

    public func listFineTuningEventsForJobWith(
        id: String, after: String? = nil, limit: Int? = nil
    ) async throws -> OpenAIResponse<FineTuningJobEventObject> {
        try await listFineTuningEventsForJobWith(id: id, after: after, limit: limit, options: .default)
    }

    public func listFineTuningCheckpoints(
        jobID: String, after: String? = nil, limit: Int? = nil
    ) async throws -> OpenAIResponse<FineTuningCheckpointObject> {
        try await listFineTuningCheckpoints(jobID: jobID, after: after, limit: limit, options: .default)
    }
}
