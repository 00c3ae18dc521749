import ArgumentParser
import Foundation
import SwiftOpenAI

/// `swiftai chat --schema FILE.json`: structured outputs with a schema read at run time; the answer is checked
/// against the schema before it is printed.
struct ChatSchema {
    let path: String
    let strict: Bool
    let model: String
    let system: String?
    let sampling: SamplingOptions
    let seed: Int?

    func run(prompt: String, service: any OpenAIService) async throws {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw commandFailure("error: cannot read \(path)")
        }
        let schema: JSONSchema
        do {
            schema = try JSONSchema(json: JSONValue(parsing: data))
        } catch let error as SchemaReadingError {
            throw commandFailure("error: \(path): \(error.description)")
        } catch {
            throw commandFailure("error: \(path) is not JSON")
        }
        let sent: JSONSchema
        do {
            sent = strict ? try schema.validated(for: .openAIStrict) : schema
        } catch let error as SchemaValidationError {
            throw commandFailure("error: \(path): \(error.description) (try --no-strict)")
        }
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        var messages: [ChatCompletionParameters.Message] = []
        if let system { messages.append(.init(role: .system, content: .text(system))) }
        messages.append(.init(role: .user, content: .text(prompt)))
        let parameters = ChatCompletionParameters(
            messages: messages, model: .custom(model),
            responseFormat: .init(jsonSchema: .init(name: Self.sanitized(name), schema: sent, strict: strict)), seed: seed,
            temperature: sampling.temperature, maxCompletionTokens: sampling.maxTokens)
        let completion: ChatCompletionObject
        do {
            completion = try await service.startChat(parameters: parameters)
        } catch let error as APIError {
            throw commandFailure("error: \(error.description)")
        }
        do {
            let value = try completion.parsed(as: JSONValue.self)
            let issues = sent.check(instance: value)
            guard issues.isEmpty else {
                throw commandFailure("error: the answer does not match the schema: " + issues.map(\.description).joined(separator: "; "))
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            out(String(decoding: try encoder.encode(value), as: UTF8.self))
        } catch let error as StructuredOutputError {
            if let text = error.text, !text.isEmpty { printError("received: \(text)") }
            throw commandFailure("error: \(error.description)")
        }
    }

    static func sanitized(_ name: String) -> String {
        let kept = name.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" ? $0 : "_" }
        return kept.isEmpty ? "output" : String(kept.prefix(64))
    }
}
