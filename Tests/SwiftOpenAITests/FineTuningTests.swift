import AISandbox
import Foundation
import SwiftOpenAI
import Testing

@Suite("Fine-tuning")
struct FineTuningTests {
    @Test("the seed's fine-tuning calls: create, list, retrieve to success, events, checkpoints, cancel")
    func lifecycle() async throws {
        try await withService { sandbox, service in
            let training = try await service.uploadFile(parameters: FileParameters(fileName: "train.jsonl", file: FileTests.jsonl, purpose: "fine-tune"))
            let trainingFileID = training.id
            let parameters = FineTuningJobParameters(model: .gpt35, trainingFile: trainingFileID)
            let fineTuningJob = try await service.createFineTuningJob(parameters: parameters)
            #expect(fineTuningJob.status == "validating_files" && fineTuningJob.model == "gpt-3.5-turbo-0613")
            #expect(fineTuningJob.hyperparameters?.nEpochs == .string("auto"))

            let fineTuningJobs = try await service.listFineTuningJobs()
            #expect(fineTuningJobs.data.map(\.id) == [fineTuningJob.id])
            var job = fineTuningJob
            var statuses: [String] = []
            while !job.isFinished {
                job = try await service.retrieveFineTuningJob(id: fineTuningJob.id)
                statuses.append(job.status)
            }
            #expect(statuses == ["queued", "running", "succeeded"])
            #expect(job.fineTunedModel?.hasPrefix("ft:gpt-3.5-turbo-0613:org-sandbox") == true && job.trainedTokens == 1234)
            #expect(try await service.retrieveContentForFileWith(id: try #require(job.resultFiles.first)).count > 0)

            let jobEvents = try await service.listFineTuningEventsForJobWith(id: fineTuningJob.id, after: nil, limit: nil).data
            #expect(jobEvents.first?.message == "The job has successfully completed")
            let metrics = jobEvents.compactMap(\.data)
            #expect(metrics.map(\.step) == [3, 2, 1] && metrics.first?.trainLoss != nil)
            let page = try await service.listFineTuningEventsForJobWith(id: fineTuningJob.id, after: jobEvents[0].id, limit: 2)
            #expect(page.data.map(\.id) == Array(jobEvents[1...2].map(\.id)) && page.hasMore == true)
            #expect(sandbox.lastRequest?.queryValue("after") == jobEvents[0].id && sandbox.lastRequest?.queryValue("limit") == "2")
            let checkpoints = try await service.listFineTuningCheckpoints(jobID: fineTuningJob.id)
            #expect(checkpoints.data.map(\.stepNumber) == [3, 2, 1])
            var walkedEvents: [String] = []
            for try await event in service.allFineTuningEvents(jobID: fineTuningJob.id, pageSize: 2) { walkedEvents.append(event.id) }
            #expect(walkedEvents == jobEvents.map(\.id))
            var walkedCheckpoints: [Int] = []
            for try await checkpoint in service.allFineTuningCheckpoints(jobID: fineTuningJob.id, pageSize: 1) {
                walkedCheckpoints.append(checkpoint.stepNumber)
            }
            #expect(walkedCheckpoints == [3, 2, 1])

            let second = try await service.createFineTuningJob(parameters: FineTuningJobParameters(
                model: .gpt4oMini, trainingFile: trainingFileID, suffix: "stories", validationFile: trainingFileID,
                integrations: [.init(wandb: .init(project: "bedtime"))], seed: 7,
                method: .dpo(.init(nEpochs: 2, batchSize: 4, learningRateMultiplier: 0.5, beta: 0.1)), metadata: ["team": "ai"]))
            let body = try #require(sandbox.lastRequest?.json)
            let method = try #require(body["method"] as? [String: Any])
            #expect(method["type"] as? String == "dpo")
            let dpoHyper = try #require((method["dpo"] as? [String: Any])?["hyperparameters"] as? [String: Any])
            #expect(dpoHyper["n_epochs"] as? Int == 2 && dpoHyper["beta"] as? Double == 0.1 && dpoHyper["learning_rate_multiplier"] as? Double == 0.5)
            #expect((body["integrations"] as? [[String: Any]])?.first?["type"] as? String == "wandb")
            #expect(body["suffix"] as? String == "stories" && body["seed"] as? Int == 7 && body["validation_file"] as? String == trainingFileID)
            #expect(second.hyperparameters?.nEpochs == .int(2) && second.userProvidedSuffix == "stories")

            let canceledFineTuningJob = try await service.cancelFineTuningJobWith(id: second.id)
            #expect(canceledFineTuningJob.status == "cancelled")
            var all: [String] = []
            for try await job in service.allFineTuningJobs(pageSize: 1) { all.append(job.id) }
            #expect(all == [second.id, fineTuningJob.id])

            let notFineTune = try await service.uploadFile(parameters: FileParameters(fileName: "a.txt", file: Data("x".utf8), purpose: "assistants"))
            await #expect {
                _ = try await service.createFineTuningJob(parameters: FineTuningJobParameters(model: .gpt4oMini, trainingFile: notFineTune.id))
            } throws: { ($0 as? APIError)?.param == "training_file" }
        }
    }
}
