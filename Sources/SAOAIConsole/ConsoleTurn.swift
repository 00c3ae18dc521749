import Foundation
import SwiftAzureOpenAI

/// The local tools the console programs offer the model.
public enum ConsoleTools {
    /// `sum_calculator(a, b)`.
    public static let sumCalculator = SAOAITool.function(
        name: "sum_calculator",
        description: "Return the sum of two numbers",
        parameters: .object([
            "type": .string("object"),
            "properties": .object(["a": .object(["type": .string("number")]), "b": .object(["type": .string("number")])]),
            "required": .array([.string("a"), .string("b")]),
            "additionalProperties": .bool(false),
        ]))

    /// Runs a function call locally; the result is JSON text.
    public static func run(_ call: SAOAIOutputContent.FunctionCall) -> String {
        guard call.name == "sum_calculator" else { return #"{"error": "unknown function \#(call.name)"}"# }
        let object = (try? JSONSerialization.jsonObject(with: Data(call.arguments.utf8))) as? [String: Any] ?? [:]
        guard let a = (object["a"] as? NSNumber)?.doubleValue, let b = (object["b"] as? NSNumber)?.doubleValue else {
            return #"{"error": "a and b must be numbers"}"#
        }
        let sum = a + b
        let text = sum.rounded() == sum && abs(sum) < 1e15 ? String(Int(sum)) : String(sum)
        return #"{"result": \#(text)}"#
    }
}

/// One conversational turn: a request, the function calls it leads to (up to `maxRounds`), and the lines to show.
public struct ConsoleTurn {
    public let client: SAOAIClient
    public let model: String
    public var tools: [SAOAITool]?
    public var options: ModelOptions
    public var maxRounds = 5

    public init(client: SAOAIClient, model: String, tools: [SAOAITool]?, options: ModelOptions) {
        self.client = client
        self.model = model
        self.tools = tools
        self.options = options
    }

    /// The lines of a response: `[reasoning] …`, `[tool] name: arguments`, `[assistant]: text`.
    public static func lines(of response: SAOAIResponse) -> [String] {
        var lines: [String] = []
        for output in response.output {
            switch output.type {
            case "reasoning":
                if let summary = output.summary, !summary.isEmpty { lines.append("[reasoning] " + summary.joined(separator: "\n\n")) }
            case "function_call":
                lines.append("[tool] \(output.name ?? "function"): \(output.arguments ?? "")")
            default:
                for part in output.content ?? [] {
                    if case .outputText(let text) = part { lines.append("[assistant]: \(text.text)") }
                }
                if let refusal = output.refusal { lines.append("[refusal]: \(refusal)") }
            }
        }
        if response.status == "incomplete" { lines.append("[incomplete] \(response.incompleteReason ?? "unknown reason")") }
        return lines
    }

    /// Sends `input` (continuing `previousResponseId`), answers function calls, and returns every response's lines
    /// and the id of the last response.
    public func run(_ input: [SAOAIMessage], previousResponseId: String?) async throws -> (lines: [String], responseId: String?) {
        var response = try await client.responses.create(
            SAOAIRequest(
                model: model, input: input, maxOutputTokens: options.maxOutputTokens, tools: tools,
                previousResponseId: previousResponseId, reasoning: options.reasoningSettings, text: options.textSettings,
                instructions: options.instructions)
        ).data
        var lines = Self.lines(of: response)
        var round = 0
        while !response.functionCalls.isEmpty, round < maxRounds {
            round += 1
            let outputs = response.functionCalls.map { call in
                let result = ConsoleTools.run(call)
                lines.append("[tool] \(call.name) result: \(result)")
                return SAOAIInputContent.FunctionCallOutput(callId: call.callId, output: result)
            }
            response = try await client.responses.create(
                SAOAIRequest(
                    model: model, input: outputs.map(SAOAIInput.functionCallOutput), maxOutputTokens: options.maxOutputTokens,
                    tools: tools, previousResponseId: response.id, reasoning: options.reasoningSettings,
                    text: options.textSettings, instructions: options.instructions))
                .data
            lines += Self.lines(of: response)
        }
        return (lines, response.id)
    }

    /// Streams `input`, writing text to `write` as it arrives; answers function calls; returns the last response id.
    public func stream(
        _ input: [SAOAIInput], previousResponseId: String?, write: (String) -> Void
    ) async throws -> String? {
        var input = input
        var previous = previousResponseId
        for round in 0...maxRounds {
            var calls: [SAOAIOutputContent.FunctionCall] = []
            var responseId: String?
            var inMessage = false
            let stream = client.responses.createStreaming(
                SAOAIRequest(
                    model: model, input: input, maxOutputTokens: options.maxOutputTokens, tools: tools,
                    previousResponseId: previous, reasoning: options.reasoningSettings, text: options.textSettings,
                    instructions: options.instructions))
            for try await event in stream {
                if let parts = event.output?.first?.content {
                    if !inMessage {
                        write("[assistant]: ")
                        inMessage = true
                    }
                    for part in parts { if let text = part.text { write(text) } }
                }
                switch event.eventType {
                case .responseOutputItemDone?:
                    if inMessage { write("\n") }
                    inMessage = false
                    if let item = event.item, case .functionCall(let call)? = item.content?.first {
                        write("[tool] \(call.name) arguments: \(call.arguments)\n")
                        calls.append(call)
                    } else if let item = event.item, item.type == "reasoning", let summary = item.summary, !summary.isEmpty {
                        write("[reasoning] \(summary.joined(separator: "\n\n"))\n")
                    }
                case .responseCompleted?, .responseIncomplete?:
                    responseId = event.response?.id
                    if event.eventType == .responseIncomplete {
                        write("[incomplete] \(event.response?.incompleteReason ?? "unknown reason")\n")
                    }
                default:
                    break
                }
            }
            guard !calls.isEmpty, round < maxRounds else { return responseId }
            input = calls.map { call in
                let result = ConsoleTools.run(call)
                write("[tool] \(call.name) result: \(result)\n")
                return .functionCallOutput(.init(callId: call.callId, output: result))
            }
            previous = responseId
        }
        return previous
    }
}
