import AICore
import Foundation

extension ResponseStreamEvent {
    /// A lifecycle event carrying the response as it stands.
    public struct ResponseEvent: Codable, Sendable {
        public var sequenceNumber: Int?
        public var response: ResponseModel

        public init(sequenceNumber: Int? = nil, response: ResponseModel) {
            self.sequenceNumber = sequenceNumber
            self.response = response
        }

        enum CodingKeys: String, CodingKey {
            case sequenceNumber = "sequence_number"
            case response
        }
    }

    /// An output item that started or completed.
    ///
    /// The indexes are optional because some OpenAI-compatible servers (llama.cpp's llama-server) leave them out;
    /// OpenAI always sends them. ``ResponseStreamAccumulator`` then places items by their ids and their order.
    public struct OutputItemEvent: Codable, Sendable {
        public var sequenceNumber: Int?
        /// The item's place in the response's `output`; nil when the server left it out.
        public var outputIndex: Int?
        public var item: ResponseModel.OutputItem

        enum CodingKeys: String, CodingKey {
            case sequenceNumber = "sequence_number"
            case outputIndex = "output_index"
            case item
        }
    }

    /// A content part of a message that started or completed.
    public struct ContentPartEvent: Codable, Sendable {
        public var sequenceNumber: Int?
        public var itemID: String?
        /// The message's place in `output`; nil when the server left it out (then ``itemID`` says which message).
        public var outputIndex: Int?
        /// The part's place in the message's `content`; nil when the server left it out.
        public var contentIndex: Int?
        public var part: ResponseModel.OutputItem.Message.Content

        enum CodingKeys: String, CodingKey {
            case sequenceNumber = "sequence_number"
            case itemID = "item_id"
            case outputIndex = "output_index"
            case contentIndex = "content_index"
            case part
        }
    }

    /// A piece of text: output text, refusal, arguments, reasoning, code, custom tool input, audio (base64) or transcript.
    public struct TextDelta: Codable, Sendable {
        public var sequenceNumber: Int?
        public var itemID: String?
        public var outputIndex: Int?
        public var contentIndex: Int?
        public var summaryIndex: Int?
        public var delta: String
        /// Token log probabilities, when `include` asks for them.
        public var logprobs: [ResponseModel.OutputItem.Message.LogProb]?
        /// Random padding that evens out delta sizes (see `stream_options.include_obfuscation`).
        public var obfuscation: String?

        public init(
            sequenceNumber: Int? = nil, itemID: String? = nil, outputIndex: Int? = nil, contentIndex: Int? = nil,
            summaryIndex: Int? = nil, delta: String
        ) {
            self.sequenceNumber = sequenceNumber
            self.itemID = itemID
            self.outputIndex = outputIndex
            self.contentIndex = contentIndex
            self.summaryIndex = summaryIndex
            self.delta = delta
        }

        enum CodingKeys: String, CodingKey {
            case sequenceNumber = "sequence_number"
            case itemID = "item_id"
            case outputIndex = "output_index"
            case contentIndex = "content_index"
            case summaryIndex = "summary_index"
            case delta, logprobs, obfuscation
        }
    }

    /// The whole of a text that was streamed in deltas.
    ///
    /// `text` is read from the field the event type uses: `text`, `refusal`, `arguments`, `code` or `input`.
    public struct TextDone: Codable, Sendable {
        public var sequenceNumber: Int?
        public var itemID: String?
        public var outputIndex: Int?
        public var contentIndex: Int?
        public var summaryIndex: Int?
        public var text: String
        /// The function name, for `response.function_call_arguments.done`.
        public var name: String?
        public var logprobs: [ResponseModel.OutputItem.Message.LogProb]?
        private var textKey: CodingKeys = .text

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            sequenceNumber = try container.decodeIfPresent(Int.self, forKey: .sequenceNumber)
            itemID = try container.decodeIfPresent(String.self, forKey: .itemID)
            outputIndex = try container.decodeIfPresent(Int.self, forKey: .outputIndex)
            contentIndex = try container.decodeIfPresent(Int.self, forKey: .contentIndex)
            summaryIndex = try container.decodeIfPresent(Int.self, forKey: .summaryIndex)
            name = try container.decodeIfPresent(String.self, forKey: .name)
            logprobs = try container.decodeIfPresent([ResponseModel.OutputItem.Message.LogProb].self, forKey: .logprobs)
            guard let key = [CodingKeys.text, .refusal, .arguments, .code, .input].first(where: container.contains) else {
                throw DecodingError.keyNotFound(
                    CodingKeys.text, .init(codingPath: decoder.codingPath, debugDescription: "No text, refusal, arguments, code or input."))
            }
            textKey = key
            text = try container.decode(String.self, forKey: key)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(sequenceNumber, forKey: .sequenceNumber)
            try container.encodeIfPresent(itemID, forKey: .itemID)
            try container.encodeIfPresent(outputIndex, forKey: .outputIndex)
            try container.encodeIfPresent(contentIndex, forKey: .contentIndex)
            try container.encodeIfPresent(summaryIndex, forKey: .summaryIndex)
            try container.encodeIfPresent(name, forKey: .name)
            try container.encodeIfPresent(logprobs, forKey: .logprobs)
            try container.encode(text, forKey: textKey)
        }

        enum CodingKeys: String, CodingKey {
            case sequenceNumber = "sequence_number"
            case itemID = "item_id"
            case outputIndex = "output_index"
            case contentIndex = "content_index"
            case summaryIndex = "summary_index"
            case text, refusal, arguments, code, input, name, logprobs
        }
    }

    /// An annotation added to an `output_text` part.
    public struct AnnotationAdded: Codable, Sendable {
        public var sequenceNumber: Int?
        public var itemID: String?
        /// Nil when the server left it out, as are the other indexes.
        public var outputIndex: Int?
        public var contentIndex: Int?
        public var annotationIndex: Int?
        public var annotation: ResponseModel.OutputItem.Message.Annotation?

        enum CodingKeys: String, CodingKey {
            case sequenceNumber = "sequence_number"
            case itemID = "item_id"
            case outputIndex = "output_index"
            case contentIndex = "content_index"
            case annotationIndex = "annotation_index"
            case annotation
        }
    }

    /// A reasoning summary part that started or completed.
    public struct SummaryPartEvent: Codable, Sendable {
        public var sequenceNumber: Int?
        public var itemID: String?
        /// Nil when the server left it out, as is ``summaryIndex``.
        public var outputIndex: Int?
        public var summaryIndex: Int?
        public var part: ResponseModel.OutputItem.Reasoning.SummaryText

        enum CodingKeys: String, CodingKey {
            case sequenceNumber = "sequence_number"
            case itemID = "item_id"
            case outputIndex = "output_index"
            case summaryIndex = "summary_index"
            case part
        }
    }

    /// Progress of a built-in tool call.
    public struct ItemProgress: Codable, Sendable {
        public var sequenceNumber: Int?
        public var itemID: String?
        public var outputIndex: Int?

        enum CodingKeys: String, CodingKey {
            case sequenceNumber = "sequence_number"
            case itemID = "item_id"
            case outputIndex = "output_index"
        }
    }

    /// A partial image from the image generation tool.
    public struct PartialImage: Codable, Sendable {
        public var sequenceNumber: Int?
        public var itemID: String?
        public var outputIndex: Int?
        /// Nil when the server left it out.
        public var partialImageIndex: Int?
        /// The partial image, base64-encoded.
        public var partialImageB64: String
        public var size: String?
        public var quality: String?
        public var background: String?
        public var outputFormat: String?

        /// The decoded image bytes.
        public var imageData: Data? { Data(base64Encoded: partialImageB64) }

        enum CodingKeys: String, CodingKey {
            case sequenceNumber = "sequence_number"
            case itemID = "item_id"
            case outputIndex = "output_index"
            case partialImageIndex = "partial_image_index"
            case partialImageB64 = "partial_image_b64"
            case size, quality, background
            case outputFormat = "output_format"
        }
    }

    /// A shell call's command or output, streamed.
    public struct ShellCallEvent: Codable, Sendable {
        public var sequenceNumber: Int?
        public var itemID: String?
        public var outputIndex: Int?
        public var commandIndex: Int?
        /// The command, for `added` and `done`.
        public var command: String?
        /// A piece of the command (a string) or of its output (`{"stdout", "stderr"}`).
        public var delta: JSONValue?
        /// The whole output, for `response.shell_call_output_content.done`.
        public var output: JSONValue?
        public var obfuscation: String?

        enum CodingKeys: String, CodingKey {
            case sequenceNumber = "sequence_number"
            case itemID = "item_id"
            case outputIndex = "output_index"
            case commandIndex = "command_index"
            case command, delta, output, obfuscation
        }
    }

    /// An event with only its sequence number.
    public struct SequenceEvent: Codable, Sendable {
        public var sequenceNumber: Int?

        enum CodingKeys: String, CodingKey {
            case sequenceNumber = "sequence_number"
        }
    }

    /// An `error` event.
    public struct ErrorEvent: Codable, Sendable {
        public var sequenceNumber: Int?
        public var code: String?
        public var message: String
        public var param: String?

        enum CodingKeys: String, CodingKey {
            case sequenceNumber = "sequence_number"
            case code, message, param
        }
    }
}
