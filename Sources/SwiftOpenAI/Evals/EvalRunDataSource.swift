import AICore
import Foundation

/// The rows an eval run grades and, for model runs, how the model's answers to them are made.
public enum EvalRunDataSource: Codable, Sendable {
    /// Rows that already hold everything the graders read (`item`, and `sample` when given).
    case jsonl(source: EvalRunSource)
    /// A Chat Completions model answers each row; the graders then read its answer as `sample`.
    case completions(EvalModelDataSource)
    /// A Responses model answers each row.
    case responses(EvalModelDataSource)
    /// A kind this library does not know, with its JSON.
    case unknown(type: String, raw: JSONValue)

    private enum CodingKeys: String, CodingKey { case type, source }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "jsonl": self = .jsonl(source: try container.decode(EvalRunSource.self, forKey: .source))
        case "completions": self = .completions(try EvalModelDataSource(from: decoder))
        case "responses": self = .responses(try EvalModelDataSource(from: decoder))
        default: self = .unknown(type: type, raw: try JSONValue(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .jsonl(let source):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("jsonl", forKey: .type)
            try container.encode(source, forKey: .source)
        case .completions(let source): try source.encode(to: encoder, type: "completions")
        case .responses(let source): try source.encode(to: encoder, type: "responses")
        case .unknown(_, let raw): try raw.encode(to: encoder)
        }
    }
}

/// A model run's data: the rows, the prompt made from each, the model and how it samples.
public struct EvalModelDataSource: Codable, Sendable {
    public var source: EvalRunSource
    /// The prompt for each row; nil for stored completions or responses, which already have one.
    public var inputMessages: EvalInputMessages?
    /// The model that answers (e.g. `gpt-4o-mini`).
    public var model: String?
    public var samplingParams: EvalSamplingParams?

    public init(source: EvalRunSource, inputMessages: EvalInputMessages? = nil, model: String? = nil, samplingParams: EvalSamplingParams? = nil) {
        self.source = source
        self.inputMessages = inputMessages
        self.model = model
        self.samplingParams = samplingParams
    }

    private enum CodingKeys: String, CodingKey {
        case type, source, model
        case inputMessages = "input_messages"
        case samplingParams = "sampling_params"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        source = try container.decode(EvalRunSource.self, forKey: .source)
        inputMessages = try container.decodeIfPresent(EvalInputMessages.self, forKey: .inputMessages)
        model = try container.decodeIfPresent(String.self, forKey: .model)
        samplingParams = try container.decodeIfPresent(EvalSamplingParams.self, forKey: .samplingParams)
    }

    public func encode(to encoder: any Encoder) throws {
        try encode(to: encoder, type: nil)
    }

    func encode(to encoder: any Encoder, type: String?) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(type, forKey: .type)
        try container.encode(source, forKey: .source)
        try container.encodeIfPresent(inputMessages, forKey: .inputMessages)
        try container.encodeIfPresent(model, forKey: .model)
        try container.encodeIfPresent(samplingParams, forKey: .samplingParams)
    }
}

/// The prompt a model run sends for each row.
public enum EvalInputMessages: Codable, Sendable {
    /// Messages whose texts reference the row, e.g. `"Answer: {{item.question}}"`.
    case template([GraderMessage])
    /// A conversation the row already holds, e.g. `item.input_trajectory`.
    case itemReference(String)
    /// A kind this library does not know, with its JSON.
    case unknown(type: String, raw: JSONValue)

    private enum CodingKeys: String, CodingKey {
        case type, template
        case itemReference = "item_reference"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "template": self = .template(try container.decode([GraderMessage].self, forKey: .template))
        case "item_reference": self = .itemReference(try container.decode(String.self, forKey: .itemReference))
        default: self = .unknown(type: type, raw: try JSONValue(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .template(let messages):
            try container.encode("template", forKey: .type)
            try container.encode(messages, forKey: .template)
        case .itemReference(let reference):
            try container.encode("item_reference", forKey: .type)
            try container.encode(reference, forKey: .itemReference)
        case .unknown(_, let raw): try raw.encode(to: encoder)
        }
    }
}

/// Where a run's rows come from.
public enum EvalRunSource: Codable, Sendable {
    /// Rows sent inline.
    case fileContent([EvalRunRow])
    /// A JSONL file uploaded with purpose `evals`, one `{"item": {...}}` a line.
    case fileID(String)
    /// Stored chat completions matching a filter (a JSON object: `model`, `metadata`, `created_after`,
    /// `created_before`, `limit`).
    case storedCompletions(filter: [String: JSONValue])
    /// Stored responses matching a filter (a JSON object: `model`, `instructions_search`, `metadata`, `users`…).
    case responses(filter: [String: JSONValue])
    /// A kind this library does not know, with its JSON.
    case unknown(type: String, raw: JSONValue)

    private enum CodingKeys: String, CodingKey { case type, content, id }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "file_content": self = .fileContent(try container.decode([EvalRunRow].self, forKey: .content))
        case "file_id": self = .fileID(try container.decode(String.self, forKey: .id))
        case "stored_completions", "responses":
            guard case .object(var filter) = try JSONValue(from: decoder) else { throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "not an object") }
            filter["type"] = nil
            self = type == "responses" ? .responses(filter: filter) : .storedCompletions(filter: filter)
        default: self = .unknown(type: type, raw: try JSONValue(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .fileContent(let rows):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("file_content", forKey: .type)
            try container.encode(rows, forKey: .content)
        case .fileID(let id):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("file_id", forKey: .type)
            try container.encode(id, forKey: .id)
        case .storedCompletions(let filter):
            try JSONValue.object(filter.merging(["type": .string("stored_completions")]) { $1 }).encode(to: encoder)
        case .responses(let filter):
            try JSONValue.object(filter.merging(["type": .string("responses")]) { $1 }).encode(to: encoder)
        case .unknown(_, let raw): try raw.encode(to: encoder)
        }
    }
}

/// One row of a run: the `item` the graders (and a model run's template) read, and optionally a ready `sample`.
public struct EvalRunRow: Codable, Sendable {
    public var item: [String: JSONValue]
    /// A model output already made, for runs that don't sample a model.
    public var sample: [String: JSONValue]?

    public init(item: [String: JSONValue], sample: [String: JSONValue]? = nil) {
        self.item = item
        self.sample = sample
    }
}
