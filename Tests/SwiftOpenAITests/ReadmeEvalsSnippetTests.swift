import AICore
import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftOpenAI
import Testing

// README.md "Evals": the snippet copied line for line and run against the sandbox.

@Suite("README: evals")
struct ReadmeEvalsSnippetTests {
    @Test("an eval with a string check, run on inline rows, waited for; its counts and failing rows read")
    func evalsSnippet() async throws {
        try await withService { sandbox, service in
            let eval = try await service.createEval(parameters: EvalParameters(
                name: "capitals", dataSourceConfig: .custom(itemSchema: .object(["type": "object"]), includeSampleSchema: true),
                testingCriteria: [.stringCheck(name: "exact", input: "{{sample.output_text}}", reference: "{{item.answer}}", operation: .equal)]))
            #expect(eval.name == "capitals" && eval.testingCriteria.map(\.name) == ["exact"])
            let rows = [EvalRunRow(item: ["answer": "Paris"], sample: ["output_text": "Paris"]),
                        EvalRunRow(item: ["answer": "Rome"], sample: ["output_text": "Milan"])]
            let run = try await service.createEvalRun(evalID: eval.id, parameters: EvalRunParameters(
                name: "inline", dataSource: .jsonl(source: .fileContent(rows))))
            #expect(run.status == .queued && run.name == "inline")
            let done = try await service.waitForEvalRun(evalID: eval.id, runID: run.id, pollInterval: 0.001)  // README: let done = try await service.waitForEvalRun(evalID: eval.id, runID: run.id)
            #expect(done.status == .completed)
            if let counts = done.resultCounts { print(counts.passed, "of", counts.total, "passed") }   // 1 of 2 passed
            #expect(done.resultCounts.map { [$0.total, $0.passed, $0.failed, $0.errored] } == [2, 1, 1, 0])
            var failing: [String] = []
            for try await item in service.allEvalRunOutputItems(evalID: eval.id, runID: run.id, status: "fail") {
                print(item.datasourceItem["answer"]?.stringValue ?? "", item.sample?.outputText ?? "")   // Rome Milan
                failing.append("\(item.datasourceItem["answer"]?.stringValue ?? "") \(item.sample?.outputText ?? "")")
            }
            #expect(failing == ["Rome Milan"])
            #expect(sandbox.requests.last?.queryValue("status") == "fail")
        }
    }
}
