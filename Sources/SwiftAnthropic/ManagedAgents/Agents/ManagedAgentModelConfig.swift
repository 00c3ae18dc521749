import AICore
import Foundation

/// The model an agent runs on and how: its id, how hard it thinks (`effort`), its speed and inference region.
///
/// A string literal is a model id alone: `model: "claude-opus-4-5"`, or `model: .init(.claudeOpus45, effort: .max)`.
public struct ManagedAgentModelConfig: Codable, Sendable, Hashable, ExpressibleByStringLiteral {
    /// The model id.
    public var id: Model
    /// How hard Claude works on each call; the API resolves the model's default when not set.
    public var effort: ManagedAgentEffort?
    /// `standard` (the default) or `fast` (faster output at premium pricing, on models that offer it).
    public var speed: ManagedAgentSpeed?
    /// The geographic region inference runs in; nil falls back to the workspace's default.
    public var inferenceGeo: String?

    /// A model with optional effort, speed and region.
    public init(_ id: Model, effort: ManagedAgentEffort? = nil, speed: ManagedAgentSpeed? = nil, inferenceGeo: String? = nil) {
        self.id = id
        self.effort = effort
        self.speed = speed
        self.inferenceGeo = inferenceGeo
    }

    /// A model id alone.
    public init(stringLiteral value: String) {
        self.init(Model(id: value))
    }

    enum CodingKeys: String, CodingKey {
        case id, effort, speed
        case inferenceGeo = "inference_geo"
    }

    /// Reads a bare model id string or the `model_config` object.
    public init(from decoder: any Decoder) throws {
        if let id = try? decoder.singleValueContainer().decode(String.self) {
            self.init(Model(id: id))
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            Model(id: try container.decode(String.self, forKey: .id)),
            effort: try container.decodeIfPresent(ManagedAgentEffort.self, forKey: .effort),
            speed: try container.decodeIfPresent(ManagedAgentSpeed.self, forKey: .speed),
            inferenceGeo: try container.decodeIfPresent(String.self, forKey: .inferenceGeo))
    }

    /// Writes the bare id when nothing else is set, the `model_config` object otherwise.
    public func encode(to encoder: any Encoder) throws {
        guard effort != nil || speed != nil || inferenceGeo != nil else {
            var single = encoder.singleValueContainer()
            try single.encode(id.value)
            return
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id.value, forKey: .id)
        try container.encodeIfPresent(effort, forKey: .effort)
        try container.encodeIfPresent(speed, forKey: .speed)
        try container.encodeIfPresent(inferenceGeo, forKey: .inferenceGeo)
    }
}

/// How hard Claude works on each inference call: `low`, `medium`, `high`, `xhigh` or `max` (any other level the
/// API adds is kept as it is spelled).
public struct ManagedAgentEffort: RawRepresentable, Codable, Sendable, Hashable, ExpressibleByStringLiteral {
    /// The level as the API spells it.
    public let rawValue: String

    /// A level by name, e.g. one the library doesn't list yet.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A level by name.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// Fastest and cheapest.
    public static let low: ManagedAgentEffort = "low"
    /// Between low and high.
    public static let medium: ManagedAgentEffort = "medium"
    /// Favors reasoning depth.
    public static let high: ManagedAgentEffort = "high"
    /// More than high.
    public static let xhigh: ManagedAgentEffort = "xhigh"
    /// The most the model can do.
    public static let max: ManagedAgentEffort = "max"

    private enum CodingKeys: String, CodingKey { case type }

    /// Reads `"high"` or `{"type": "high"}` (the API answers the object form).
    public init(from decoder: any Decoder) throws {
        if let level = try? decoder.singleValueContainer().decode(String.self) {
            rawValue = level
        } else {
            rawValue = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .type)
        }
    }

    /// Writes `{"type": "high"}`, the form the API answers and accepts.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rawValue, forKey: .type)
    }
}

/// Inference speed: `standard` or `fast` (any other mode is kept as it is spelled).
public struct ManagedAgentSpeed: ManagedAgentsStringValue, ExpressibleByStringLiteral {
    /// The mode as the API spells it.
    public let rawValue: String

    /// A mode by name, e.g. one the library doesn't list yet.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A mode by name.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The default speed.
    public static let standard: ManagedAgentSpeed = "standard"
    /// Faster output at premium pricing, where the model supports it.
    public static let fast: ManagedAgentSpeed = "fast"
}
