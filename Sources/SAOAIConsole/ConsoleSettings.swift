import ArgumentParser
import Foundation
import SwiftAzureOpenAI

/// Connection options shared by the console programs.
///
/// Azure settings come from `AZURE_OPENAI_ENDPOINT`, `AZURE_OPENAI_API_KEY` (or
/// `COPILOT_AGENT_AZURE_OPENAI_API_KEY`) and `AZURE_OPENAI_DEPLOYMENT`; otherwise OpenAI from `OPENAI_API_KEY`.
/// `--base-url` points the program at any OpenAI-compatible server, e.g. `swiftai sandbox`.
public struct ConnectionOptions: ParsableArguments {
    @Option(help: "An OpenAI-compatible API base URL, e.g. http://127.0.0.1:8080/v1 (overrides the environment).")
    public var baseURL: String?

    @Option(help: "The model or Azure deployment (default: AZURE_OPENAI_DEPLOYMENT, DEFAULT_MODEL or gpt-4o-mini).")
    public var model: String?

    @Option(help: "Seconds a request may take.")
    public var timeout: Double = 120

    public init() {}

    /// The client and the model to use.
    public func makeClient(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> (SAOAIClient, String) {
        let deployment = environment["AZURE_OPENAI_DEPLOYMENT"]
        let model = self.model ?? deployment ?? environment["DEFAULT_MODEL"] ?? "gpt-4o-mini"
        let configuration: any SAOAIConfiguration
        if let baseURL {
            configuration = SAOAIOpenAIConfiguration(apiKey: environment["OPENAI_API_KEY"] ?? "sandbox", baseURL: baseURL)
        } else if let endpoint = environment["AZURE_OPENAI_ENDPOINT"] {
            guard let key = environment["AZURE_OPENAI_API_KEY"] ?? environment["COPILOT_AGENT_AZURE_OPENAI_API_KEY"] else {
                throw ValidationError("AZURE_OPENAI_ENDPOINT is set but AZURE_OPENAI_API_KEY (or COPILOT_AGENT_AZURE_OPENAI_API_KEY) is not.")
            }
            configuration = SAOAIAzureConfiguration(
                endpoint: endpoint, apiKey: key, deploymentName: deployment ?? model,
                apiVersion: environment["AZURE_OPENAI_API_VERSION"] ?? "preview")
        } else if let key = environment["OPENAI_API_KEY"] {
            configuration = SAOAIOpenAIConfiguration(apiKey: key, organization: environment["OPENAI_ORGANIZATION"])
        } else {
            throw ValidationError(
                "Set AZURE_OPENAI_ENDPOINT and AZURE_OPENAI_API_KEY, or OPENAI_API_KEY, or pass --base-url (e.g. the URL `swift run swiftai sandbox` prints).")
        }
        return (SAOAIClient(configuration: configuration, timeout: timeout), model)
    }
}

/// Reasoning and text options.
public struct ModelOptions: ParsableArguments {
    @Option(help: "Reasoning effort: minimal, low, medium or high.")
    public var reasoning: String?

    @Option(help: "Reasoning summary: auto, concise or detailed.")
    public var reasoningSummary: String?

    @Option(help: "Text verbosity: low, medium or high.")
    public var textVerbosity: String?

    @Option(help: "Instructions (a system message) for every response.")
    public var instructions: String?

    @Option(help: "Maximum output tokens per response.")
    public var maxOutputTokens: Int?

    public init() {}

    public func validate() throws {
        let efforts = ["minimal", "low", "medium", "high"]
        if let reasoning, !efforts.contains(reasoning) {
            throw ValidationError("--reasoning must be one of \(efforts.joined(separator: ", ")).")
        }
        if let reasoningSummary, !["auto", "concise", "detailed"].contains(reasoningSummary) {
            throw ValidationError("--reasoning-summary must be auto, concise or detailed.")
        }
        if let textVerbosity, !["low", "medium", "high"].contains(textVerbosity) {
            throw ValidationError("--text-verbosity must be low, medium or high.")
        }
    }

    public var reasoningSettings: SAOAIReasoning? {
        guard reasoning != nil || reasoningSummary != nil else { return nil }
        return SAOAIReasoning(effort: reasoning ?? "medium", summary: reasoningSummary)
    }

    public var textSettings: SAOAIText? { textVerbosity.map { SAOAIText(verbosity: $0) } }
}
