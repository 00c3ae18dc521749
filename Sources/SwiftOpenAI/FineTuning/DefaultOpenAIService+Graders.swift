import AICore
import Foundation

/// Pausing and resuming jobs, checkpoint permissions and graders.
extension DefaultOpenAIService {
    public func pauseFineTuningJob(id: String, options: RequestOptions) async throws -> FineTuningJobObject {
        try await client.decode(
            FineTuningJobObject.self, for: APIRequest(method: .post, path: routing.path("/fine_tuning/jobs/\(Self.pathComponent(id))/pause")),
            options: options)
    }

    public func resumeFineTuningJob(id: String, options: RequestOptions) async throws -> FineTuningJobObject {
        try await client.decode(
            FineTuningJobObject.self, for: APIRequest(method: .post, path: routing.path("/fine_tuning/jobs/\(Self.pathComponent(id))/resume")),
            options: options)
    }

    public func listFineTuningCheckpointPermissions(
        checkpoint: String, projectID: String?, after: String?, limit: Int?, order: ListOrder?, options: RequestOptions
    ) async throws -> OpenAIResponse<FineTuningCheckpointPermission> {
        var query = ListParameters(limit: limit, after: after).queryItems
        if let projectID { query.append(URLQueryItem(name: "project_id", value: projectID)) }
        // This list spells its order in words.
        if let order { query.append(URLQueryItem(name: "order", value: order == .ascending ? "ascending" : "descending")) }
        return try await client.decode(
            OpenAIResponse<FineTuningCheckpointPermission>.self,
            for: APIRequest(method: .get, path: try permissionsPath(checkpoint), query: query), options: options)
    }

    public func createFineTuningCheckpointPermissions(
        checkpoint: String, projectIDs: [String], options: RequestOptions
    ) async throws -> OpenAIResponse<FineTuningCheckpointPermission> {
        try await client.decode(
            OpenAIResponse<FineTuningCheckpointPermission>.self,
            for: .json(.post, try permissionsPath(checkpoint), body: ["project_ids": projectIDs]), options: options)
    }

    public func deleteFineTuningCheckpointPermission(
        checkpoint: String, permissionID: String, options: RequestOptions
    ) async throws -> DeletionStatus {
        try await client.decode(
            DeletionStatus.self,
            for: APIRequest(method: .delete, path: try permissionsPath(checkpoint) + "/\(Self.pathComponent(permissionID))"), options: options)
    }

    public func runGrader(_ grader: Grader, modelSample: String, item: JSONValue?, options: RequestOptions) async throws -> GraderRunResult {
        try await client.decode(
            GraderRunResult.self,
            for: .json(
                .post, try routing.openAIOnlyPath("/fine_tuning/alpha/graders/run", feature: "Running graders"),
                body: GraderRunRequest(grader: grader, modelSample: modelSample, item: item)),
            options: options)
    }

    public func validateGrader(_ grader: Grader, options: RequestOptions) async throws -> Grader {
        try await client.decode(
            GraderEnvelope.self,
            for: .json(
                .post, try routing.openAIOnlyPath("/fine_tuning/alpha/graders/validate", feature: "Validating graders"),
                body: GraderEnvelope(grader: grader)),
            options: options
        ).grader
    }

    /// Azure OpenAI has no checkpoint permissions (sharing models goes through Azure's own access control).
    private func permissionsPath(_ checkpoint: String) throws -> String {
        try routing.openAIOnlyPath(
            "/fine_tuning/checkpoints/\(Self.pathComponent(checkpoint))/permissions", feature: "Fine-tuned checkpoint permissions")
    }
}
