import AICore
import Foundation

extension DefaultOpenAIService {
    public func listFineTuningJobs(after: String?, limit: Int?, options: RequestOptions) async throws -> OpenAIResponse<FineTuningJobObject> {
        try await client.decode(
            OpenAIResponse<FineTuningJobObject>.self,
            for: APIRequest(method: .get, path: routing.path("/fine_tuning/jobs"), query: ListParameters(limit: limit, after: after).queryItems),
            options: options)
    }

    public func createFineTuningJob(parameters: FineTuningJobParameters, options: RequestOptions) async throws -> FineTuningJobObject {
        try await client.decode(FineTuningJobObject.self, for: .json(.post, routing.path("/fine_tuning/jobs"), body: parameters), options: options)
    }

    public func retrieveFineTuningJob(id: String, options: RequestOptions) async throws -> FineTuningJobObject {
        try await client.decode(FineTuningJobObject.self, for: APIRequest(method: .get, path: jobPath(id)), options: options)
    }

    public func cancelFineTuningJobWith(id: String, options: RequestOptions) async throws -> FineTuningJobObject {
        try await client.decode(FineTuningJobObject.self, for: APIRequest(method: .post, path: jobPath(id) + "/cancel"), options: options)
    }

    public func listFineTuningEventsForJobWith(
        id: String, after: String?, limit: Int?, options: RequestOptions
    ) async throws -> OpenAIResponse<FineTuningJobEventObject> {
        try await client.decode(
            OpenAIResponse<FineTuningJobEventObject>.self,
            for: APIRequest(method: .get, path: jobPath(id) + "/events", query: ListParameters(limit: limit, after: after).queryItems),
            options: options)
    }

    public func listFineTuningCheckpoints(
        jobID: String, after: String?, limit: Int?, options: RequestOptions
    ) async throws -> OpenAIResponse<FineTuningCheckpointObject> {
        try await client.decode(
            OpenAIResponse<FineTuningCheckpointObject>.self,
            for: APIRequest(method: .get, path: jobPath(jobID) + "/checkpoints", query: ListParameters(limit: limit, after: after).queryItems),
            options: options)
    }

    private func jobPath(_ id: String) -> String { routing.path("/fine_tuning/jobs/\(Self.pathComponent(id))") }
}
