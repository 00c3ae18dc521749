import AICore
import Foundation

// Every `OpenAIFineTuningService` call without `options:`, sent with `RequestOptions.default`.
extension OpenAIFineTuningService {
    public func listFineTuningJobs(after: String? = nil, limit: Int? = nil) async throws -> OpenAIResponse<FineTuningJobObject> {
        try await listFineTuningJobs(after: after, limit: limit, options: .default)
    }

    /// A misspelling of ``listFineTuningJobs(after:limit:)`` that SwiftOpenAI's README once printed, kept so code copied from it compiles.
    @available(*, deprecated, renamed: "listFineTuningJobs(after:limit:)")
    public func istFineTuningJobs(after: String? = nil, limit: Int? = nil) async throws -> OpenAIResponse<FineTuningJobObject> {
        try await listFineTuningJobs(after: after, limit: limit, options: .default)
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

    public func pauseFineTuningJob(id: String) async throws -> FineTuningJobObject {
        try await pauseFineTuningJob(id: id, options: .default)
    }

    public func resumeFineTuningJob(id: String) async throws -> FineTuningJobObject {
        try await resumeFineTuningJob(id: id, options: .default)
    }

    public func listFineTuningCheckpointPermissions(
        checkpoint: String, projectID: String? = nil, after: String? = nil, limit: Int? = nil, order: ListOrder? = nil
    ) async throws -> OpenAIResponse<FineTuningCheckpointPermission> {
        try await listFineTuningCheckpointPermissions(
            checkpoint: checkpoint, projectID: projectID, after: after, limit: limit, order: order, options: .default)
    }

    public func createFineTuningCheckpointPermissions(
        checkpoint: String, projectIDs: [String]
    ) async throws -> OpenAIResponse<FineTuningCheckpointPermission> {
        try await createFineTuningCheckpointPermissions(checkpoint: checkpoint, projectIDs: projectIDs, options: .default)
    }

    public func deleteFineTuningCheckpointPermission(checkpoint: String, permissionID: String) async throws -> DeletionStatus {
        try await deleteFineTuningCheckpointPermission(checkpoint: checkpoint, permissionID: permissionID, options: .default)
    }

    public func runGrader(_ grader: Grader, modelSample: String, item: JSONValue? = nil) async throws -> GraderRunResult {
        try await runGrader(grader, modelSample: modelSample, item: item, options: .default)
    }

    public func validateGrader(_ grader: Grader) async throws -> Grader {
        try await validateGrader(grader, options: .default)
    }
}
