import Foundation

/// What a generative-AI request asks for, as traces and metrics name it: set by the endpoint that builds the
/// request (chat, Responses, messages, embeddings …), read by telemetry.
package struct GenAIOperation: Sendable {
    /// `gen_ai.operation.name`: `chat`, `text_completion`, `embeddings` or `generate_content`.
    package var name: String
    package var model: String?
    package var maxTokens: Int?
    package var temperature: Double?
    package var topP: Double?

    package init(_ name: String, model: String?, maxTokens: Int? = nil, temperature: Double? = nil, topP: Double? = nil) {
        self.name = name
        self.model = model
        self.maxTokens = maxTokens
        self.temperature = temperature
        self.topP = topP
    }

    package static func chat(model: String?, maxTokens: Int? = nil, temperature: Double? = nil, topP: Double? = nil)
        -> GenAIOperation
    {
        GenAIOperation("chat", model: model, maxTokens: maxTokens, temperature: temperature, topP: topP)
    }
}

extension APIRequest {
    /// This request, described for telemetry as `operation`.
    package func describing(_ operation: GenAIOperation) -> APIRequest {
        var request = self
        request.operation = operation
        return request
    }

    /// The operation's name, or the API resource the path names (`files`, `vector_stores`).
    package var operationName: String {
        operation?.name ?? GenAIOperation.resource(ofPath: path)
    }
}

extension GenAIOperation {
    /// The API resource a path names (`/v1/files/file-1` → `files`; Azure's `/openai/deployments/{name}/…` skips
    /// the deployment's name, which is free text): a bounded word for span names, metric labels and interceptors.
    package static func resource(ofPath path: String) -> String {
        var segments = path.split(separator: "/").makeIterator()
        while let segment = segments.next() {
            switch segment {
            case "v1", "openai": continue
            case "deployments": _ = segments.next()
            default: return String(segment.prefix { $0 != "?" })
            }
        }
        return "root"
    }
}
