import AICore
import Foundation

extension ResponseModel.OutputItem.Message {
    /// One part of a message.
    public enum Content: Codable, Sendable {
        /// `output_text`: text with annotations (citations, file paths) and, when asked for, logprobs.
        case outputText(OutputText)
        /// `refusal`: the model declined.
        case refusal(String)
        /// `input_text` (in input item lists).
        case inputText(String)
        /// Any other part (`input_image`, `input_file`, `reasoning_text` …), kept as raw JSON.
        case unknown(type: String, raw: JSONValue)

        /// The text of an `output_text` part.
        public var text: String? {
            if case .outputText(let part) = self { part.text } else { nil }
        }

        public init(from decoder: any Decoder) throws {
            let type = decoder.stringField(named: "type") ?? ""
            switch type {
            case "output_text": self = .outputText(try OutputText(from: decoder))
            case "refusal": self = .refusal(decoder.stringField(named: "refusal") ?? "")
            case "input_text": self = .inputText(decoder.stringField(named: "text") ?? "")
            default: self = .unknown(type: type, raw: try JSONValue(from: decoder))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            switch self {
            case .outputText(let part): try part.encode(to: encoder)
            case .refusal(let text): try JSONValue.object(["type": "refusal", "refusal": .string(text)]).encode(to: encoder)
            case .inputText(let text): try JSONValue.object(["type": "input_text", "text": .string(text)]).encode(to: encoder)
            case .unknown(_, let raw): try raw.encode(to: encoder)
            }
        }
    }

    /// An `output_text` part.
    public struct OutputText: Codable, Sendable {
        public var type = "output_text"
        public var text: String
        public var annotations: [Annotation]
        public var logprobs: [LogProb]?

        public init(text: String, annotations: [Annotation] = [], logprobs: [LogProb]? = nil) {
            self.text = text
            self.annotations = annotations
            self.logprobs = logprobs
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            text = try container.decode(String.self, forKey: .text)
            annotations = try container.decodeIfPresent([Annotation].self, forKey: .annotations) ?? []
            logprobs = try container.decodeIfPresent([LogProb].self, forKey: .logprobs)
        }

        enum CodingKeys: String, CodingKey {
            case type, text, annotations, logprobs
        }
    }

    /// A citation or file reference inside `output_text`.
    ///
    /// `type` is `url_citation` (url, title, start/end index), `file_citation` (file id, filename, index),
    /// `container_file_citation` (container id, file id, filename, start/end index) or `file_path` (file id, index).
    public struct Annotation: Codable, Sendable, Equatable {
        public var type: String
        public var url: String?
        public var title: String?
        public var fileID: String?
        public var filename: String?
        public var containerId: String?
        public var index: Int?
        public var startIndex: Int?
        public var endIndex: Int?

        public init(
            type: String, url: String? = nil, title: String? = nil, fileID: String? = nil, filename: String? = nil,
            containerId: String? = nil, index: Int? = nil, startIndex: Int? = nil, endIndex: Int? = nil
        ) {
            self.type = type
            self.url = url
            self.title = title
            self.fileID = fileID
            self.filename = filename
            self.containerId = containerId
            self.index = index
            self.startIndex = startIndex
            self.endIndex = endIndex
        }

        enum CodingKeys: String, CodingKey {
            case type, url, title
            case fileID = "file_id"
            case filename
            case containerId = "container_id"
            case index
            case startIndex = "start_index"
            case endIndex = "end_index"
        }
    }

    /// The log probability of one output token.
    public struct LogProb: Codable, Sendable, Equatable {
        public var token: String
        public var logprob: Double
        public var bytes: [Int]?
        public var topLogprobs: [TopLogProb]?

        public struct TopLogProb: Codable, Sendable, Equatable {
            public var token: String?
            public var logprob: Double?
            public var bytes: [Int]?
        }

        enum CodingKeys: String, CodingKey {
            case token, logprob, bytes
            case topLogprobs = "top_logprobs"
        }
    }
}
