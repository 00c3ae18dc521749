import AICore
import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftOpenAI
import Testing

@Suite("Fine-tuning: pause and resume, checkpoint permissions, graders")
struct FineTuningGraderTests {
    private func runningJob(_ service: any OpenAIService) async throws -> FineTuningJobObject {
        let training = try await service.uploadFile(parameters: FileParameters(fileName: "train.jsonl", file: FileTests.jsonl, purpose: "fine-tune"))
        let job = try await service.createFineTuningJob(parameters: FineTuningJobParameters(model: .gpt4oMini, trainingFile: training.id))
        _ = try await service.retrieveFineTuningJob(id: job.id)  // queued
        return try await service.retrieveFineTuningJob(id: job.id)  // running
    }

    @Test("pause a running job, resume it; a job in another state can't be", arguments: TransportKind.allCases)
    func pauseAndResume(transport: TransportKind) async throws {
        try await withService(transport: transport) { sandbox, service in
            let job = try await runningJob(service)
            #expect(job.status == "running")
            let paused = try await service.pauseFineTuningJob(id: job.id)
            #expect(paused.status == "paused")
            #expect(sandbox.lastRequest?.method == "POST" && sandbox.lastRequest?.path == "/v1/fine_tuning/jobs/\(job.id)/pause")
            #expect(try await service.retrieveFineTuningJob(id: job.id).status == "paused", "a paused job doesn't advance")
            let again = await #expect(throws: APIError.self) { try await service.pauseFineTuningJob(id: job.id) }
            #expect(again?.kind == .badRequest && again?.message.contains("paused") == true)

            let resumed = try await service.resumeFineTuningJob(id: job.id)
            #expect(resumed.status == "running" && sandbox.lastRequest?.path == "/v1/fine_tuning/jobs/\(job.id)/resume")
            let notPaused = await #expect(throws: APIError.self) { try await service.resumeFineTuningJob(id: job.id) }
            #expect(notPaused?.kind == .badRequest)
            let events = try await service.listFineTuningEventsForJobWith(id: job.id).data.map(\.message)
            #expect(events.prefix(2) == ["Fine-tuning job resumed", "Fine-tuning job paused"])

            let finished = try await service.retrieveFineTuningJob(id: job.id)
            #expect(finished.status == "succeeded")
            await #expect(throws: APIError.self) { try await service.pauseFineTuningJob(id: job.id) }
            let missing = await #expect(throws: APIError.self) { try await service.pauseFineTuningJob(id: "ftjob-missing") }
            #expect(missing?.kind == .notFound)
            let missingResume = await #expect(throws: APIError.self) { try await service.resumeFineTuningJob(id: "ftjob-missing") }
            #expect(missingResume?.kind == .notFound)
        }
    }

    @Test("checkpoint permissions: create for projects, list (filter, order, paging), delete", arguments: TransportKind.allCases)
    func permissions(transport: TransportKind) async throws {
        try await withService(transport: transport) { sandbox, service in
            let job = try await runningJob(service)
            _ = try await service.retrieveFineTuningJob(id: job.id)
            let checkpoint = try #require(try await service.listFineTuningCheckpoints(jobID: job.id).data.first?.fineTunedModelCheckpoint)
            #expect(checkpoint.contains(":"))

            let created = try await service.createFineTuningCheckpointPermissions(checkpoint: checkpoint, projectIDs: ["proj_a", "proj_b"])
            #expect(created.data.map(\.projectID) == ["proj_a", "proj_b"] && created.data.allSatisfy { $0.object == "checkpoint.permission" })
            let request = try #require(sandbox.lastRequest)
            #expect(request.method == "POST" && request.jsonBody == ["project_ids": ["proj_a", "proj_b"]])
            #expect(request.path.hasPrefix("/v1/fine_tuning/checkpoints/") && request.path.hasSuffix("/permissions"))

            let listed = try await service.listFineTuningCheckpointPermissions(checkpoint: checkpoint)
            #expect(listed.data.map(\.projectID) == ["proj_b", "proj_a"], "newest first")
            let ascending = try await service.listFineTuningCheckpointPermissions(checkpoint: checkpoint, limit: 1, order: .ascending)
            #expect(ascending.data.map(\.projectID) == ["proj_a"] && ascending.hasMore == true)
            #expect(sandbox.lastRequest?.queryValue("order") == "ascending" && sandbox.lastRequest?.queryValue("limit") == "1")
            let filtered = try await service.listFineTuningCheckpointPermissions(checkpoint: checkpoint, projectID: "proj_b")
            #expect(filtered.data.map(\.projectID) == ["proj_b"] && sandbox.lastRequest?.queryValue("project_id") == "proj_b")

            let deleted = try await service.deleteFineTuningCheckpointPermission(checkpoint: checkpoint, permissionID: created.data[0].id)
            #expect(deleted.deleted && deleted.id == created.data[0].id && sandbox.lastRequest?.method == "DELETE")
            #expect(try await service.listFineTuningCheckpointPermissions(checkpoint: checkpoint).data.map(\.projectID) == ["proj_b"])

            let again = await #expect(throws: APIError.self) {
                try await service.deleteFineTuningCheckpointPermission(checkpoint: checkpoint, permissionID: created.data[0].id)
            }
            #expect(again?.kind == .notFound)
            let unknown = await #expect(throws: APIError.self) {
                try await service.listFineTuningCheckpointPermissions(checkpoint: "ft:gpt-4o-mini:org:nothing:ckpt-step-9")
            }
            #expect(unknown?.kind == .notFound)
            let empty = await #expect(throws: APIError.self) {
                try await service.createFineTuningCheckpointPermissions(checkpoint: checkpoint, projectIDs: [])
            }
            #expect(empty?.kind == .badRequest && empty?.param == "project_ids")
        }
    }

    @Test("graders: string_check and text_similarity really evaluated, the others deterministic, multi combines", arguments: TransportKind.allCases)
    func runGraders(transport: TransportKind) async throws {
        try await withService(transport: transport) { sandbox, service in
            let exact = Grader.stringCheck(.init(name: "exact", input: "{{sample.output_text}}", reference: "{{item.answer}}", operation: .equal))
            let pass = try await service.runGrader(exact, modelSample: "Paris", item: ["answer": "Paris"])
            #expect(pass.reward == 1 && pass.metadata.name == "exact" && pass.metadata.type == "string_check" && pass.metadata.failures.isEmpty)
            let body = try #require(sandbox.lastRequest?.jsonBody)
            #expect(sandbox.lastRequest?.path == "/v1/fine_tuning/alpha/graders/run")
            #expect(body["grader"] == ["type": "string_check", "name": "exact", "input": "{{sample.output_text}}", "reference": "{{item.answer}}", "operation": "eq"])
            #expect(body["model_sample"] == "Paris" && body["item"] == ["answer": "Paris"])
            #expect(try await service.runGrader(exact, modelSample: "Lyon", item: ["answer": "Paris"]).reward == 0)
            let contains = Grader.stringCheck(.init(name: "c", input: "{{sample.output_text}}", reference: "paris", operation: .containsIgnoringCase))
            #expect(try await service.runGrader(contains, modelSample: "It is PARIS.").reward == 1)
            let field = Grader.stringCheck(.init(name: "f", input: "{{sample.output_json.city}}", reference: "Rome", operation: .equal))
            #expect(try await service.runGrader(field, modelSample: #"{"city":"Rome"}"#).reward == 1)
            let unknownVariable = try await service.runGrader(
                .stringCheck(.init(name: "u", input: "{{item.nope}}", reference: "x", operation: .notEqual)), modelSample: "x", item: [:])
            #expect(unknownVariable.reward == 0 && unknownVariable.metadata.failures == ["invalid_variable_error"])

            let similar = Grader.textSimilarity(.init(name: "sim", input: "{{sample.output_text}}", reference: "the cat sat on the mat", evaluationMetric: .rouge1))
            let close = try await service.runGrader(similar, modelSample: "the cat sat on a mat").reward
            let far = try await service.runGrader(similar, modelSample: "dogs bark loudly").reward
            #expect(abs(close - 5.0 / 6.0) < 1e-9 && far == 0)
            let fuzzy = Grader.textSimilarity(.init(name: "fz", input: "{{sample.output_text}}", reference: "kitten", evaluationMetric: .fuzzyMatch))
            #expect(try await service.runGrader(fuzzy, modelSample: "kitten").reward == 1)
            let bleu = Grader.textSimilarity(.init(name: "b", input: "{{sample.output_text}}", reference: "a b c d e", evaluationMetric: .bleu))
            let bleuScore = try await service.runGrader(bleu, modelSample: "a b c d e").reward
            #expect(abs(bleuScore - 1) < 1e-9)

            let python = Grader.python(.init(name: "py", source: "def grade(sample, item):\n    return 0.5\n"))
            let first = try await service.runGrader(python, modelSample: "anything").reward
            let second = try await service.runGrader(python, modelSample: "anything").reward
            #expect(second == first && (0...1).contains(first))
            let score = Grader.scoreModel(.init(name: "s", model: "o4-mini", input: [GraderMessage(role: "user", content: "Rate {{sample.output_text}}")], range: [1, 5]))
            let scored = try await service.runGrader(score, modelSample: "good")
            #expect((1...5).contains(scored.reward) && scored.metadata.sampledModelName == "o4-mini" && scored.metadata.tokenUsage != nil)
            let label = Grader.labelModel(.init(
                name: "l", model: "gpt-4o-mini", input: [GraderMessage(role: "user", content: "Is {{sample.output_text}} positive?")],
                labels: ["positive", "negative"], passingLabels: ["positive"]))
            #expect(try await service.runGrader(label, modelSample: "positive").reward == 1)
            #expect(try await service.runGrader(label, modelSample: "negative").reward == 0)

            let multi = Grader.multi(.init(name: "m", graders: ["exact": exact, "sim": similar], calculateOutput: "0.5 * exact + 0.5 * sim"))
            let combined = try await service.runGrader(multi, modelSample: "the cat sat on the mat", item: ["answer": "the cat sat on the mat"])
            #expect(combined.reward == 1 && combined.subRewards?["exact"]?.doubleValue == 1 && combined.subRewards?["sim"]?.doubleValue == 1)
        }
    }

    @Test("validate answers the grader as sent or names the faulty field; unknown grader types are kept", arguments: TransportKind.allCases)
    func validate(transport: TransportKind) async throws {
        try await withService(transport: transport) { sandbox, service in
            let grader = Grader.textSimilarity(.init(name: "sim", input: "{{sample.output_text}}", reference: "x", evaluationMetric: .cosine))
            let validated = try await service.validateGrader(grader)
            guard case .textSimilarity(let similarity) = validated else { Issue.record("not text_similarity: \(validated)"); return }
            #expect(similarity.evaluationMetric == .cosine && validated.name == "sim" && validated.type == "text_similarity")
            #expect(sandbox.lastRequest?.path == "/v1/fine_tuning/alpha/graders/validate")

            let badOperation = await #expect(throws: APIError.self) {
                try await service.validateGrader(.stringCheck(.init(name: "x", input: "a", reference: "b", operation: "equals")))
            }
            #expect(badOperation?.kind == .badRequest && badOperation?.param == "grader.operation")
            let badFormula = await #expect(throws: APIError.self) {
                try await service.validateGrader(.multi(.init(name: "m", graders: ["a": grader], calculateOutput: "a + missing")))
            }
            #expect(badFormula?.param == "grader.calculate_output")
            let badLabels = await #expect(throws: APIError.self) {
                try await service.runGrader(
                    .labelModel(.init(name: "l", model: "m", input: [GraderMessage(role: "user", content: "x")], labels: ["a"], passingLabels: ["b"])),
                    modelSample: "a")
            }
            #expect(badLabels?.param == "grader.passing_labels")

            // A grader type newer than this library decodes as .unknown and encodes back unchanged.
            let raw: JSONValue = ["type": "endpoint", "name": "e", "url": "https://example.com"]
            let decoded = try JSONDecoder().decode(Grader.self, from: JSONEncoder().encode(raw))
            guard case .unknown(let kept) = decoded else { Issue.record("expected unknown"); return }
            #expect(kept == raw && decoded.type == "endpoint" && decoded.name == "e")
            #expect(try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(decoded)) == raw)
            // A multi grader sent with one grader object (as the spec draws it) decodes too.
            let single = try JSONDecoder().decode(Grader.self, from: Data(
                #"{"type":"multi","name":"m","calculate_output":"g","graders":{"type":"python","name":"g","source":"def grade(s, i): return 1"}}"#.utf8))
            guard case .multi(let multi) = single else { Issue.record("expected multi"); return }
            #expect(multi.graders.keys.sorted() == ["g"])
        }
    }

    @Test("reinforcement fine-tuning sends its grader; the job keeps it; a bad grader is refused", arguments: TransportKind.allCases)
    func reinforcement(transport: TransportKind) async throws {
        try await withService(transport: transport) { sandbox, service in
            let training = try await service.uploadFile(parameters: FileParameters(fileName: "train.jsonl", file: FileTests.jsonl, purpose: "fine-tune"))
            let grader = Grader.stringCheck(.init(name: "exact", input: "{{sample.output_text}}", reference: "{{item.answer}}", operation: .equal))
            let job = try await service.createFineTuningJob(parameters: FineTuningJobParameters(
                model: .o4Mini, trainingFile: training.id,
                method: .reinforcement(grader: grader, hyperparameters: .init(nEpochs: 1, reasoningEffort: "low"))))
            let method = try #require(sandbox.lastRequest?.jsonBody?["method"])
            #expect(method["type"] == "reinforcement" && method["reinforcement"]?["grader"]?["operation"] == "eq")
            #expect(method["reinforcement"]?["hyperparameters"]?["reasoning_effort"] == "low")
            #expect(job.method?["reinforcement"]?["grader"]?["name"] == .string("exact"))

            let bad = await #expect(throws: APIError.self) {
                try await service.createFineTuningJob(parameters: FineTuningJobParameters(
                    model: .o4Mini, trainingFile: training.id,
                    method: .reinforcement(grader: .textSimilarity(.init(name: "t", input: "a", reference: "b", evaluationMetric: "nope")))))
            }
            #expect(bad?.kind == .badRequest && bad?.param == "method.reinforcement.grader.evaluation_metric")
        }
    }

    @Test("Azure: pause/resume on the deployment routes; permissions and graders are refused before sending")
    func azure() async throws {
        try await withSandbox { sandbox in
            let azure = OpenAIServiceFactory.service(
                azureConfiguration: AzureOpenAIConfiguration(endpoint: sandbox.baseURL, openAIAPIKey: .apiKey("k"), apiVersion: "preview", routing: .v1))
            let missing = await #expect(throws: APIError.self) { try await azure.pauseFineTuningJob(id: "ftjob-x") }
            #expect(missing?.kind == .notFound && sandbox.lastRequest?.path == "/openai/v1/fine_tuning/jobs/ftjob-x/pause")
            let sent = sandbox.requests.count
            let grader = Grader.python(.init(name: "p", source: "def grade(s, i): return 1"))
            for call in [
                { _ = try await azure.runGrader(grader, modelSample: "x") },
                { _ = try await azure.validateGrader(grader) },
                { _ = try await azure.listFineTuningCheckpointPermissions(checkpoint: "ft:x") },
                { _ = try await azure.createFineTuningCheckpointPermissions(checkpoint: "ft:x", projectIDs: ["p"]) },
                { _ = try await azure.deleteFineTuningCheckpointPermission(checkpoint: "ft:x", permissionID: "cp_1") },
            ] as [() async throws -> Void] {
                let error = await #expect(throws: APIError.self) { try await call() }
                #expect(error?.kind == .invalidRequest)
            }
            #expect(sandbox.requests.count == sent, "nothing was sent")
        }
    }
}
