import AICore
import ArgumentParser
import Foundation
import SwiftOpenAI

extension SwiftAICommand {
    struct Evals: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "evals", abstract: "Create evals from JSONL test data, run them against a model and show the results.",
            subcommands: [Create.self, Run.self, Show.self])

        struct Create: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Create an eval whose rows look like those of FILE.jsonl (one JSON object a line, or {\"item\": …}).")
            @Option(help: "The eval's name.")
            var name: String
            @Option(help: "A JSON schema file for the rows; default: inferred from the first row.")
            var schema: String?
            @Option(help: "The row field the model's answer is checked against.")
            var reference = "answer"
            @Option(help: "How it is checked: like (contains), ilike (contains, any case), eq or ne.")
            var operation = "ilike"
            @OptionGroup var connection: ConnectionOptions
            @Argument(help: "The JSONL file.")
            var file: String

            func run() async throws {
                let rows = try readRows(file)
                let itemSchema: JSONValue
                if let schema {
                    itemSchema = try JSONValue(parsing: try readFile(schema))
                } else {
                    guard let first = rows.first else { throw ValidationError("\(file) has no rows to infer a schema from.") }
                    itemSchema = inferredSchema(first.item)
                }
                guard ["eq", "ne", "like", "ilike"].contains(operation) else { throw ValidationError("--operation must be eq, ne, like or ilike.") }
                let criterion = EvalTestingCriterion.stringCheck(
                    name: "\(reference) \(operation)", input: "{{sample.output_text}}", reference: "{{item.\(reference)}}",
                    operation: StringCheckGrader.Operation(rawValue: operation))
                do {
                    let eval = try await connection.makeService().createEval(
                        parameters: EvalParameters(
                            name: name, dataSourceConfig: .custom(itemSchema: itemSchema, includeSampleSchema: true), testingCriteria: [criterion]))
                    out("\(eval.id)\t\(eval.name)\t\(eval.testingCriteria.map(\.name).joined(separator: ", "))")
                } catch let error as APIError {
                    throw commandFailure("error: \(error.description)")
                }
            }
        }

        struct Run: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Run an eval: the model answers each row of FILE.jsonl and the answers are graded.")
            @Option(help: "The JSONL rows to run on.")
            var file: String
            @Option(help: "The model that answers.")
            var model: String
            @Option(help: "The prompt for each row; {{item.field}} is replaced by the row's field.")
            var prompt = "{{item.question}}"
            @Option(help: "A system message sent before the prompt.")
            var system: String?
            @Flag(help: "Start the run and print its id without waiting for it.")
            var noWait = false
            @OptionGroup var connection: ConnectionOptions
            @Argument(help: "The eval id.")
            var evalID: String

            func run() async throws {
                let rows = try readRows(file)
                let service = try connection.makeService()
                var messages = [GraderMessage(role: "user", content: prompt)]
                if let system { messages.insert(GraderMessage(role: "system", content: system), at: 0) }
                let source = EvalModelDataSource(source: .fileContent(rows), inputMessages: .template(messages), model: model)
                do {
                    var run = try await service.createEvalRun(evalID: evalID, parameters: EvalRunParameters(dataSource: .completions(source)))
                    out("\(run.id)\t\(run.status.rawValue)")
                    if noWait { return }
                    run = try await service.waitForEvalRun(evalID: evalID, runID: run.id, pollInterval: 2) { printError("run \($0.id): \($0.status.rawValue)") }
                    printSummary(run)
                } catch let error as APIError {
                    throw commandFailure("error: \(error.description)")
                }
            }
        }

        struct Show: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Show a run's status, counts and the rows that failed.")
            @OptionGroup var connection: ConnectionOptions
            @Argument(help: "The eval id.")
            var evalID: String
            @Argument(help: "The run id.")
            var runID: String

            func run() async throws {
                let service = try connection.makeService()
                do {
                    let run = try await service.retrieveEvalRun(evalID: evalID, runID: runID)
                    printSummary(run)
                    guard run.status == .completed else { return }
                    for try await item in service.allEvalRunOutputItems(evalID: evalID, runID: runID, status: "fail") {
                        let failing = item.results.filter { !$0.passed }.map(\.name).joined(separator: ", ")
                        let row = JSONValue.object(item.datasourceItem).jsonString
                        out("FAIL #\(item.datasourceItemID)\t\(row)\t→ \(item.sample?.outputText ?? "")\t(\(failing.isEmpty ? "error" : failing))")
                    }
                } catch let error as APIError {
                    throw commandFailure("error: \(error.description)")
                }
            }
        }
    }
}

/// The rows of a JSONL file: each line an object, wrapped as `{"item": …}` unless it already is.
private func readRows(_ path: String) throws -> [EvalRunRow] {
    let text = String(decoding: try readFile(path), as: UTF8.self)
    return try text.split(whereSeparator: \.isNewline).enumerated().compactMap { number, line in
        guard !line.allSatisfy(\.isWhitespace) else { return nil }
        guard case .object(let object) = try? JSONValue(parsing: String(line)) else {
            throw ValidationError("\(path) line \(number + 1) is not a JSON object.")
        }
        if case .object(let item) = object["item"] {
            if case .object(let sample) = object["sample"] { return EvalRunRow(item: item, sample: sample) }
            return EvalRunRow(item: item)
        }
        return EvalRunRow(item: object)
    }
}

/// A JSON schema object whose properties have the JSON types of `item`'s fields.
private func inferredSchema(_ item: [String: JSONValue]) -> JSONValue {
    var properties: [String: JSONValue] = [:]
    for (key, value) in item {
        let type = switch value {
        case .string: "string"
        case .int: "integer"
        case .double: "number"
        case .bool: "boolean"
        case .array: "array"
        case .object: "object"
        case .null: "null"
        }
        properties[key] = .object(["type": .string(type)])
    }
    return .object(["type": "object", "properties": .object(properties), "required": .array(item.keys.sorted().map(JSONValue.string))])
}

private func printSummary(_ run: EvalRun) {
    out("\(run.id)\t\(run.status.rawValue)")
    if let counts = run.resultCounts {
        out("total \(counts.total)\tpassed \(counts.passed)\tfailed \(counts.failed)\terrored \(counts.errored)")
    }
    for criterion in run.perTestingCriteriaResults ?? [] {
        out("  \(criterion.testingCriteria): \(criterion.passed) passed, \(criterion.failed) failed")
    }
    if let error = run.error { out("error: \(error.code): \(error.message)") }
}
