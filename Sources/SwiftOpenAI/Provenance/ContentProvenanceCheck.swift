import AICore
import Foundation

/// The file to check: an image (PNG, JPEG, WebP…) or audio.
public struct ContentProvenanceParameters: Sendable {
    public var data: Data
    public var fileName: String
    /// e.g. `image/png`, `audio/mpeg`.
    public var contentType: String

    public init(data: Data, fileName: String, contentType: String) {
        self.data = data
        self.fileName = fileName
        self.contentType = contentType
    }

    var form: MultipartFormData {
        var form = MultipartFormData()
        form.append(name: "file", filename: fileName, contentType: contentType, data: data)
        return form
    }
}

/// What a provenance check found (`content_provenance_check`): one result per kind of signal looked for.
///
/// `notDetected` does not prove content wasn't made by OpenAI: metadata can be stripped and watermarks degraded.
public struct ContentProvenanceCheck: Codable, Sendable, Equatable {
    /// One signal: a C2PA manifest (images) or a SynthID watermark (images and audio).
    public struct Result: Codable, Sendable, Equatable {
        /// `c2pa`, `synthid`, or a kind the API adds later.
        public var type: String
        public var outcome: Outcome
        /// How the C2PA manifest validated: `trusted`, `valid`, `invalid` or `not_present` (C2PA only).
        public var validationState: String?
        /// Who signed the C2PA manifest, when known.
        public var issuer: String?
        /// The OpenAI model the signal records, when known.
        public var model: String?
        /// When the content was generated (RFC 3339), when the signal records it.
        public var generatedAt: String?

        enum CodingKeys: String, CodingKey {
            case type, outcome, issuer, model
            case validationState = "validation_state"
            case generatedAt = "generated_at"
        }
    }

    /// Whether a signal was found; values the API adds later are kept as they come.
    public struct Outcome: RawRepresentable, Codable, Hashable, Sendable, ExpressibleByStringLiteral {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { self.rawValue = value }
        public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }

        public static let detected = Outcome(rawValue: "detected")
        public static let notDetected = Outcome(rawValue: "not_detected")
    }

    /// `content_provenance_check`.
    public var object: String
    /// Unix seconds.
    public var createdAt: Int
    public var results: [Result]

    /// Whether any signal says the content was made by OpenAI.
    public var isDetected: Bool { results.contains { $0.outcome == .detected } }

    enum CodingKeys: String, CodingKey {
        case object, results
        case createdAt = "created_at"
    }
}
