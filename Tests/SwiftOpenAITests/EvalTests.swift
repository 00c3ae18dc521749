import AICore
import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftOpenAI
import Testing

@Suite("Evals")
struct EvalTests {
    private static func body(_ request: RecordedRequest?) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: try #require(request).body)
    }

    private static let itemSchema: JSONValue = .object([
        "type": "object", "properties": .object(["question": .object(["type": "string"]), "expected": .object(["type": "string"])]),
        "required": .array(["question"]),
    ])

    private static let criteria: [EvalTestingCriterion] = [
        .stringCheck(name: "mentions", input: "{{sample.output_text}}", reference: "{{item.question}}", operation: .contains),
        .stringCheck(name: "exact", input: "{{sample.output_text}}", reference: "{{item.expected}}", operation: .equal),
    ]

    @Test("create (criteria and config on the wire), retrieve, update, list and page, delete; unknown ids are 404", arguments: TransportKind.allCases)
    func evals(_ kind: TransportKind) async throws {
        try await withService(transport: kind) { sandbox, service in
            let created = try await service.createEval(
                parameters: EvalParameters(
                    name: "capitals", dataSourceConfig: .custom(itemSchema: Self.itemSchema, includeSampleSchema: true),
                    testingCriteria: Self.criteria + [
                        .textSimilarity(name: "close", input: "{{sample.output_text}}", reference: "{{item.expected}}", metric: .fuzzyMatch, passThreshold: 0.5),
                        .python(name: "py", source: "def grade(sample, item): return 1.0", passThreshold: 0.2),
                        .scoreModel(name: "judge", model: "o4-mini", input: [GraderMessage(role: "user", content: "Rate {{sample.output_text}}")], range: [0, 10]),
                        .labelModel(name: "tone", model: "gpt-4o-mini", input: [GraderMessage(role: "user", content: "{{sample.output_text}}")], labels: ["good", "bad"], passingLabels: ["good"]),
                    ],
                    metadata: ["team": "geo"]))
            let request = try #require(sandbox.lastRequest)
            #expect(request.method == "POST" && request.path == "/v1/evals")
            let sent = try Self.body(request)
            #expect(sent["name"] == "capitals" && sent["metadata"] == .object(["team": "geo"]))
            #expect(sent["data_source_config"] == .object(["type": "custom", "item_schema": Self.itemSchema, "include_sample_schema": true]))
            #expect(sent["testing_criteria"]?[0] == .object(["type": "string_check", "name": "mentions", "input": "{{sample.output_text}}", "reference": "{{item.question}}", "operation": "like"]))
            #expect(sent["testing_criteria"]?[2]?["pass_threshold"] == .double(0.5) && sent["testing_criteria"]?[2]?["evaluation_metric"] == "fuzzy_match")
            #expect(sent["testing_criteria"]?[3]?["pass_threshold"] == .double(0.2) && sent["testing_criteria"]?[4]?["range"] == .array([.int(0), .int(10)]))
            #expect(sent["testing_criteria"]?[5]?["passing_labels"] == .array(["good"]))

            #expect(created.id.hasPrefix("eval_") && created.object == "eval" && created.name == "capitals" && created.metadata == ["team": "geo"])
            #expect(created.testingCriteria.map(\.name) == ["mentions", "exact", "close", "py", "judge", "tone"])
            #expect(created.testingCriteria[2].passThreshold == 0.5)
            guard case .stringCheck(let check) = created.testingCriteria[0].grader else { Issue.record("not a string check"); return }
            #expect(check.operation == .contains && check.reference == "{{item.question}}")
            guard case .custom(let schema) = created.dataSourceConfig else { Issue.record("not custom"); return }
            #expect(schema["properties"]?["item"] == Self.itemSchema && schema["required"] == .array(["item", "sample"]))

            #expect(try await service.retrieveEval(id: created.id).name == "capitals" && sandbox.lastRequest?.path == "/v1/evals/\(created.id)")
            let other = try await service.createEval(parameters: EvalParameters(dataSourceConfig: .logs(metadata: ["app": "x"]), testingCriteria: Self.criteria))
            guard case .logs(_, let metadata) = other.dataSourceConfig else { Issue.record("not logs"); return }
            #expect(metadata == ["app": "x"])
            // Renamed after `other` was created: by `updated_at` (ascending, the API's default order) `other` comes first,
            // by `created_at` (the walk below) it comes second.
            let renamed = try await service.updateEval(id: created.id, parameters: EvalUpdateParameters(name: "capitals v2", metadata: ["team": "maps"]))
            #expect(renamed.name == "capitals v2" && renamed.metadata == ["team": "maps"])
            let update = try Self.body(sandbox.lastRequest)
            #expect(update == .object(["name": "capitals v2", "metadata": .object(["team": "maps"])]))
            let page = try await service.listEvals(parameters: EvalListParameters(limit: 1, orderBy: "updated_at"))
            #expect(page.data.map(\.id) == [other.id] && page.hasMore == true)
            #expect(sandbox.lastRequest?.queryValue("order_by") == "updated_at" && sandbox.lastRequest?.queryValue("limit") == "1")
            var walked: [String] = []
            for try await eval in service.allEvals(pageSize: 1) { walked.append(eval.id) }
            #expect(walked == [created.id, other.id])

            let deleted = try await service.deleteEval(id: created.id)
            #expect(deleted.deleted && deleted.evalID == created.id && deleted.object == "eval.deleted" && sandbox.lastRequest?.method == "DELETE")
            for call in [
                { _ = try await service.retrieveEval(id: created.id) },
                { _ = try await service.deleteEval(id: created.id) },
                { _ = try await service.listEvalRuns(evalID: created.id) },
            ] as [@Sendable () async throws -> Void] {
                await #expect { try await call() } throws: { ($0 as? APIError)?.kind == .notFound }
            }
        }
    }

    @Test("a completions run samples each rendered row, grades it, counts; output items filter by status; cancel and delete", arguments: TransportKind.allCases)
    func completionsRun(_ kind: TransportKind) async throws {
        try await withService(transport: kind) { sandbox, service in
            let eval = try await service.createEval(
                parameters: EvalParameters(name: "echo", dataSourceConfig: .custom(itemSchema: Self.itemSchema, includeSampleSchema: true), testingCriteria: Self.criteria))
            let rows = [
                EvalRunRow(item: ["question": "Paris", "expected": "Hello from AISandbox! You said: Capital? Paris"]),
                EvalRunRow(item: ["question": "Rome", "expected": "nope"]),
            ]
            let source = EvalModelDataSource(
                source: .fileContent(rows),
                inputMessages: .template([GraderMessage(role: "system", content: "Answer briefly."), GraderMessage(role: "user", content: "Capital? {{item.question}}")]),
                model: "gpt-4o-mini", samplingParams: EvalSamplingParams(temperature: 0.2, maxCompletionTokens: 50))
            let run = try await service.createEvalRun(evalID: eval.id, parameters: EvalRunParameters(name: "first", dataSource: .completions(source)))
            let sent = try Self.body(sandbox.lastRequest)
            #expect(sandbox.lastRequest?.path == "/v1/evals/\(eval.id)/runs" && sent["name"] == "first")
            #expect(sent["data_source"]?["type"] == "completions" && sent["data_source"]?["model"] == "gpt-4o-mini")
            #expect(sent["data_source"]?["input_messages"]?["template"]?[1]?["content"] == "Capital? {{item.question}}")
            #expect(sent["data_source"]?["source"]?["content"]?[1]?["item"]?["question"] == "Rome")
            #expect(sent["data_source"]?["sampling_params"] == .object(["temperature": .double(0.2), "max_completion_tokens": .int(50)]))
            #expect(run.status == .queued && run.evalID == eval.id && run.model == "gpt-4o-mini" && !run.isFinished)
            guard case .completions(let echoed) = run.dataSource else { Issue.record("not completions"); return }
            #expect(echoed.model == "gpt-4o-mini")

            let seen = LockedValue<[EvalRun.Status]>([])
            let done = try await service.waitForEvalRun(evalID: eval.id, runID: run.id, pollInterval: 0.001) { run in seen.withLock { $0.append(run.status) } }
            #expect(seen.withLock { $0 } == [.inProgress, .completed])
            #expect(done.resultCounts.map { [$0.total, $0.passed, $0.failed, $0.errored] } == [2, 1, 1, 0])
            #expect(done.perTestingCriteriaResults?.map { [$0.testingCriteria: [$0.passed, $0.failed]] } == [["mentions": [2, 0]], ["exact": [1, 1]]])
            #expect(done.perModelUsage?.first?.modelName == "gpt-4o-mini" && done.perModelUsage?.first?.invocationCount == 2)

            let items = try await service.listEvalRunOutputItems(evalID: eval.id, runID: run.id)
            #expect(items.data.count == 2 && items.data.map(\.datasourceItemID) == [0, 1])
            let first = try #require(items.data.first)
            #expect(first.passed && first.sample?.outputText == "Hello from AISandbox! You said: Capital? Paris")
            #expect(first.sample?.input?.map(\.content) == ["Answer briefly.", "Capital? Paris"] && first.datasourceItem["question"] == "Paris")
            #expect(first.results.map(\.passed) == [true, true] && first.results.first?.score == 1)
            let failed = try await service.listEvalRunOutputItems(evalID: eval.id, runID: run.id, parameters: EvalRunListParameters(status: "fail"))
            #expect(failed.data.map(\.datasourceItemID) == [1] && sandbox.lastRequest?.queryValue("status") == "fail")
            #expect(failed.data.first?.results.map(\.name) == ["mentions", "exact"] && failed.data.first?.results.map(\.passed) == [true, false])
            var walked = 0
            for try await _ in service.allEvalRunOutputItems(evalID: eval.id, runID: run.id, status: "pass", pageSize: 1) { walked += 1 }
            #expect(walked == 1)
            let one = try await service.retrieveEvalRunOutputItem(evalID: eval.id, runID: run.id, outputItemID: first.id)
            #expect(one.id == first.id && sandbox.lastRequest?.path == "/v1/evals/\(eval.id)/runs/\(run.id)/output_items/\(first.id)")

            // Cancel: a queued run is canceled; a finished one can't be.
            let second = try await service.createEvalRun(evalID: eval.id, parameters: EvalRunParameters(dataSource: .completions(source)))
            let canceled = try await service.cancelEvalRun(evalID: eval.id, runID: second.id)
            #expect(canceled.status == .canceled && canceled.isFinished && sandbox.lastRequest?.method == "POST"
                && sandbox.lastRequest?.path == "/v1/evals/\(eval.id)/runs/\(second.id)/cancel")
            #expect(try await service.retrieveEvalRun(evalID: eval.id, runID: second.id).status == .canceled)
            await #expect { _ = try await service.cancelEvalRun(evalID: eval.id, runID: run.id) } throws: { ($0 as? APIError)?.kind == .conflict }
            let canceledRuns = try await service.listEvalRuns(evalID: eval.id, parameters: EvalRunListParameters(status: "canceled"))
            #expect(canceledRuns.data.map(\.id) == [second.id])
            var allRuns: [String] = []
            for try await listed in service.allEvalRuns(evalID: eval.id, pageSize: 1) { allRuns.append(listed.id) }
            #expect(allRuns == [run.id, second.id])

            let deleted = try await service.deleteEvalRun(evalID: eval.id, runID: run.id)
            #expect(deleted.deleted && deleted.runID == run.id && deleted.object == "eval.run.deleted")
            for call in [
                { _ = try await service.retrieveEvalRun(evalID: eval.id, runID: run.id) },
                { _ = try await service.listEvalRunOutputItems(evalID: eval.id, runID: run.id) },
                { _ = try await service.retrieveEvalRunOutputItem(evalID: eval.id, runID: second.id, outputItemID: "outputitem_x") },
                { _ = try await service.deleteEvalRun(evalID: eval.id, runID: run.id) },
            ] as [@Sendable () async throws -> Void] {
                await #expect { try await call() } throws: { ($0 as? APIError)?.kind == .notFound }
            }
        }
    }

    @Test("a JSONL run from an uploaded file grades the samples it brings: text similarity computed", arguments: TransportKind.allCases)
    func jsonlRun(_ kind: TransportKind) async throws {
        try await withService(transport: kind) { sandbox, service in
            let eval = try await service.createEval(
                parameters: EvalParameters(
                    dataSourceConfig: .custom(itemSchema: .object(["type": "object"])),
                    testingCriteria: [.textSimilarity(name: "fuzzy", input: "{{sample.output_text}}", reference: "{{item.reference}}", metric: .fuzzyMatch, passThreshold: 0.7)]))
            let lines = #"""
                {"item": {"reference": "sitting"}, "sample": {"output_text": "kitten"}}
                {"item": {"reference": "flaw"}, "sample": {"output_text": "lawn"}}
                """#
            let file = try await service.uploadFile(parameters: .init(fileName: "rows.jsonl", file: Data(lines.utf8), purpose: "evals"))
            let run = try await service.createEvalRun(evalID: eval.id, parameters: EvalRunParameters(dataSource: .jsonl(source: .fileID(file.id))))
            #expect(try Self.body(sandbox.lastRequest)["data_source"] == .object(["type": "jsonl", "source": .object(["type": "file_id", "id": .string(file.id)])]))
            let done = try await service.waitForEvalRun(evalID: eval.id, runID: run.id, pollInterval: 0.001)
            #expect(done.status == .completed && done.resultCounts.map { [$0.total, $0.passed, $0.failed, $0.errored] } == [2, 1, 1, 0])
            let items = try await service.listEvalRunOutputItems(evalID: eval.id, runID: run.id).data
            // kitten/sitting share 4 characters in order: 2·4/13; flaw/lawn share 3: 2·3/8.
            #expect(abs((items.first?.results.first?.score ?? 0) - 8.0 / 13) < 1e-9 && items.first?.passed == false)
            #expect(abs((items.last?.results.first?.score ?? 0) - 0.75) < 1e-9 && items.last?.passed == true)
            #expect(items.map(\.sample?.outputText) == ["kitten", "lawn"])
        }
    }

    @Test("bad input is a 400 naming the parameter; a missing file is refused", arguments: TransportKind.allCases)
    func badInput(_ kind: TransportKind) async throws {
        try await withService(transport: kind) { _, service in
            let evalCases: [(EvalParameters, String)] = [
                (EvalParameters(dataSourceConfig: .custom(itemSchema: .string("no")), testingCriteria: Self.criteria), "data_source_config.item_schema"),
                (EvalParameters(dataSourceConfig: .logs(), testingCriteria: [.stringCheck(name: "x", input: "a", reference: "b", operation: "matches")]), "testing_criteria[0].operation"),
                (EvalParameters(dataSourceConfig: .logs(), testingCriteria: [.init(.textSimilarity(TextSimilarityGrader(name: "t", input: "a", reference: "b", evaluationMetric: .bleu)))]), "testing_criteria[0].pass_threshold"),
                (EvalParameters(dataSourceConfig: .logs(), testingCriteria: [.labelModel(name: "l", model: "m", input: [], labels: ["a"], passingLabels: ["b"])]), "testing_criteria[0].passing_labels"),
            ]
            for (parameters, param) in evalCases {
                await #expect { _ = try await service.createEval(parameters: parameters) } throws: {
                    ($0 as? APIError)?.kind == .badRequest && ($0 as? APIError)?.param == param
                }
            }
            let eval = try await service.createEval(parameters: EvalParameters(dataSourceConfig: .logs(), testingCriteria: Self.criteria))
            let runCases: [(EvalRunDataSource, String)] = [
                (.jsonl(source: .fileID("file-missing")), "data_source.source.id"),
                (.completions(EvalModelDataSource(source: .fileContent([EvalRunRow(item: [:])]), model: "gpt-4o-mini")), "data_source.input_messages"),
                (.completions(EvalModelDataSource(source: .fileContent([]), inputMessages: .itemReference("item.turns"))), "data_source.model"),
                (.jsonl(source: .responses(filter: [:])), "data_source.source.type"),
            ]
            for (source, param) in runCases {
                await #expect { _ = try await service.createEvalRun(evalID: eval.id, parameters: EvalRunParameters(dataSource: source)) } throws: {
                    ($0 as? APIError)?.kind == .badRequest && ($0 as? APIError)?.param == param
                }
            }
            await #expect { _ = try await service.listEvalRunOutputItems(evalID: eval.id, runID: "evalrun_x", parameters: .init(status: "maybe")) } throws: {
                ($0 as? APIError)?.kind == .badRequest && ($0 as? APIError)?.param == "status"
            }
        }
    }

    @Test("Azure: evals on the v1 API; a deployments configuration refuses before sending")
    func azure() async throws {
        try await withSandbox { sandbox in
            let v1 = OpenAIServiceFactory.service(
                azureConfiguration: AzureOpenAIConfiguration(endpoint: sandbox.baseURL, openAIAPIKey: .apiKey("azure-key"), apiVersion: "", routing: .v1),
                retryPolicy: .none)
            let eval = try await v1.createEval(parameters: EvalParameters(dataSourceConfig: .logs(), testingCriteria: Self.criteria))
            #expect(sandbox.lastRequest?.path == "/openai/v1/evals" && eval.object == "eval")
            _ = try await v1.listEvalRuns(evalID: eval.id)
            #expect(sandbox.lastRequest?.path == "/openai/v1/evals/\(eval.id)/runs")

            let deployments = OpenAIServiceFactory.service(
                azureConfiguration: AzureOpenAIConfiguration(
                    endpoint: sandbox.baseURL, openAIAPIKey: .apiKey("azure-key"), apiVersion: "2024-10-21", routing: .deployments),
                retryPolicy: .none)
            let before = sandbox.requests.count
            await #expect { _ = try await deployments.listEvals() } throws: {
                ($0 as? APIError)?.kind == .invalidRequest && ($0 as? APIError)?.message.contains("Evals") == true
            }
            await #expect { _ = try await deployments.retrieveEvalRunOutputItem(evalID: eval.id, runID: "r", outputItemID: "o") } throws: {
                ($0 as? APIError)?.kind == .invalidRequest
            }
            #expect(sandbox.requests.count == before)
        }
    }

    @Test("grader, data source and input kinds this library does not know are kept and encoded back")
    func forwardCompatible() throws {
        let json = #"""
            {"id":"eval_1","object":"eval","name":"n","created_at":1,"metadata":{},
             "data_source_config":{"type":"traces","schema":{"type":"object"}},
             "testing_criteria":[{"type":"endpoint","name":"hook","url":"https://x"},{"type":"string_check","name":"s","input":"a","reference":"b","operation":"regex"}]}
            """#
        let eval = try JSONDecoder().decode(EvalObject.self, from: Data(json.utf8))
        guard case .unknown(let type, let raw) = eval.dataSourceConfig else { Issue.record("config not kept"); return }
        #expect(type == "traces" && raw["schema"] == .object(["type": "object"]))
        #expect(eval.testingCriteria[0].grader.type == "endpoint" && eval.testingCriteria[0].name == "hook")
        guard case .stringCheck(let check) = eval.testingCriteria[1].grader else { Issue.record("not a string check"); return }
        #expect(check.operation.rawValue == "regex")
        let again = try JSONDecoder().decode(JSONValue.self, from: try JSONEncoder().encode(eval))
        #expect(again["testing_criteria"]?[0] == .object(["type": "endpoint", "name": "hook", "url": "https://x"]))
        #expect(again["data_source_config"]?["type"] == "traces")

        let source = try JSONDecoder().decode(EvalRunDataSource.self, from: Data(#"{"type":"completions","model":"m","source":{"type":"stored_completions","limit":5},"input_messages":{"type":"item_reference","item_reference":"item.turns"}}"#.utf8))
        guard case .completions(let model) = source, case .storedCompletions(let filter) = model.source, case .itemReference(let path) = model.inputMessages else {
            Issue.record("not decoded"); return
        }
        #expect(filter["limit"] == .int(5) && path == "item.turns")
        let other = try JSONDecoder().decode(EvalRunDataSource.self, from: Data(#"{"type":"batch","x":1}"#.utf8))
        guard case .unknown("batch", _) = other else { Issue.record("not kept"); return }
    }
}
