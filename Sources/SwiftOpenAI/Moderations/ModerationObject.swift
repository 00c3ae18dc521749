import AICore

/// The [moderation object](https://platform.openai.com/docs/api-reference/moderations/object).
public struct ModerationObject: Codable, Sendable {
    /// The unique identifier for the moderation request.
    public let id: String
    /// The model used.
    public let model: String
    /// One result per input.
    public let results: [Moderation]

    public struct Moderation: Codable, Sendable {
        /// Whether the content violates the usage policies.
        public let flagged: Bool
        /// Which categories are flagged.
        public let categories: Category<Bool>
        /// The score of each category.
        public let categoryScores: Category<Double>
        /// Which input types (`text`, `image`) each category was applied to (omni models).
        public let categoryAppliedInputTypes: Category<[String]>?

        enum CodingKeys: String, CodingKey {
            case flagged, categories
            case categoryScores = "category_scores"
            case categoryAppliedInputTypes = "category_applied_input_types"
        }

        /// A value per moderation category.
        public struct Category<T: Codable & Sendable>: Codable, Sendable {
            public let hate: T
            public let hateThreatening: T
            public let harassment: T
            public let harassmentThreatening: T
            public let selfHarm: T
            public let selfHarmIntent: T
            public let selfHarmInstructions: T
            public let sexual: T
            public let sexualMinors: T
            public let violence: T
            public let violenceGraphic: T
            /// Omni models only.
            public let illicit: T?
            /// Omni models only.
            public let illicitViolent: T?

            enum CodingKeys: String, CodingKey {
                case hate, harassment, sexual, violence, illicit
                case hateThreatening = "hate/threatening"
                case harassmentThreatening = "harassment/threatening"
                case selfHarm = "self-harm"
                case selfHarmIntent = "self-harm/intent"
                case selfHarmInstructions = "self-harm/instructions"
                case sexualMinors = "sexual/minors"
                case violenceGraphic = "violence/graphic"
                case illicitViolent = "illicit/violent"
            }
        }
    }
}
