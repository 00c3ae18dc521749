import AISandbox
import Foundation
import SwiftAITestSupport
import SwiftOpenAI
import Testing

/// A structured answer type written by hand (the macro's own tests cover `@StructuredOutput`).
struct Forecast: StructuredOutput, Equatable {
    enum Sky: String, Decodable, Sendable { case clear, cloudy, rain }
    struct Day: Decodable, Sendable, Equatable {
        var name: String
        var high: Int
    }

    var city: String
    var sky: Sky
    var days: [Day]
    var note: String?

    static var jsonSchema: JSONSchema {
        .object(
            [
                "city": .string(description: "The city"),
                "sky": .string(enum: ["clear", "cloudy", "rain"]),
                "days": .array(of: .object(["name": .string(), "high": .integer(minimum: -50, maximum: 60)]), minItems: 1),
                "note": .nullable(.string()),
            ], required: ["city", "sky", "days"])
    }
}

struct SumArguments: StructuredOutput, Encodable {
    var a: Int
    var b: Int
    static var jsonSchema: JSONSchema { .object(["a": .integer(), "b": .integer()]) }
}

struct NoArguments: StructuredOutput {
    static var jsonSchema: JSONSchema { .object([:]) }
}

/// `withService` over a chosen transport.
func withService<T>(
    _ transport: TransportKind, _ body: (Sandbox, any OpenAIService) async throws -> T
) async throws -> T {
    try await withSandbox { sandbox in
        let service = OpenAIServiceFactory.service(
            apiKey: "sk-test-key", overrideBaseURL: sandbox.baseURL.absoluteString, transport: transport.make(),
            retryPolicy: RetryPolicy(maxRetries: 0, initialDelay: 0.01, maxDelay: 0.05))
        return try await body(sandbox, service)
    }
}

let addTool = AITool("add", description: "Adds two integers") { (sum: SumArguments) in sum.a + sum.b }
let clockTool = AITool("clock", description: "The time", strict: true) { (_: NoArguments) in "12:00" }
let brokenTool = AITool("broken", description: "Always fails") { (_: NoArguments) -> String in
    throw CocoaError(.fileReadNoPermission)
}

/// The JSON bodies the sandbox received on `path`.
func bodies(_ sandbox: Sandbox, _ path: String) -> [[String: Any]] {
    sandbox.requests.filter { $0.path.hasSuffix(path) }.compactMap(\.json)
}

/// Whether a structured error has this reason.
func reason(of error: any Error) -> StructuredOutputError.Reason? {
    (error as? StructuredOutputError)?.reason
}
