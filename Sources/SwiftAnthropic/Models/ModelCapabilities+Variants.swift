import AICore

/// A capability with named variants, each supported or not (effort levels, thinking types, context-management
/// strategies): ``supported`` for the capability as a whole, ``variants`` for every variant the server listed,
/// the ones this library doesn't name yet included.
public protocol CapabilityWithVariants: Codable, Sendable {
    /// Whether the model supports the capability at all.
    var supported: Bool { get }
    /// Every variant the server listed, by its wire name (e.g. `high`, `adaptive`, `compact_20260112`).
    var variants: [String: CapabilitySupport] { get }
}

extension CapabilityWithVariants {
    /// Whether the variant named `name` on the wire is supported; nil when the server didn't list it.
    public func supports(_ name: String) -> Bool? { variants[name]?.supported }
}

/// Reads and writes `{"supported": …, "<variant>": {"supported": …}, …}`; members that are not variant objects are
/// kept as they came.
struct VariantsCoding {
    var supported: Bool
    var variants: [String: CapabilitySupport]
    var other: [String: JSONValue]

    init(supported: Bool, variants: [String: CapabilitySupport], other: [String: JSONValue] = [:]) {
        self.supported = supported
        self.variants = variants
        self.other = other
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        supported = try container.decodeIfPresent(Bool.self, forKey: AnyCodingKey("supported")) ?? false
        variants = [:]
        other = [:]
        for key in container.allKeys where key.stringValue != "supported" {
            if let variant = try? container.decode(CapabilitySupport.self, forKey: key) {
                variants[key.stringValue] = variant
            } else {
                other[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
            }
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(supported, forKey: AnyCodingKey("supported"))
        for (name, variant) in variants.sorted(by: { $0.key < $1.key }) { try container.encode(variant, forKey: AnyCodingKey(name)) }
        for (name, value) in other.sorted(by: { $0.key < $1.key }) { try container.encode(value, forKey: AnyCodingKey(name)) }
    }
}

/// The effort parameter: supported at all, and which levels (`low`, `medium`, `high`, `max`, `xhigh`…).
public struct EffortCapability: CapabilityWithVariants {
    public let supported: Bool
    public let variants: [String: CapabilitySupport]
    /// Members that are not levels, kept as JSON.
    public var additionalFields: [String: JSONValue]

    /// The capability with its levels by wire name.
    public init(supported: Bool, levels: [String: Bool], additionalFields: [String: JSONValue] = [:]) {
        self.supported = supported
        variants = levels.mapValues(CapabilitySupport.init(supported:))
        self.additionalFields = additionalFields
    }

    /// Whether `low` effort is supported.
    public var low: Bool? { supports("low") }
    /// Whether `medium` effort is supported.
    public var medium: Bool? { supports("medium") }
    /// Whether `high` effort is supported.
    public var high: Bool? { supports("high") }
    /// Whether `max` effort is supported.
    public var max: Bool? { supports("max") }
    /// Whether `xhigh` effort is supported.
    public var xhigh: Bool? { supports("xhigh") }

    public init(from decoder: any Decoder) throws {
        let coding = try VariantsCoding(from: decoder)
        supported = coding.supported
        variants = coding.variants
        additionalFields = coding.other
    }

    public func encode(to encoder: any Encoder) throws {
        try VariantsCoding(supported: supported, variants: variants, other: additionalFields).encode(to: encoder)
    }
}

/// Context management: supported at all, and which strategies (`clear_tool_uses_20250919`,
/// `clear_thinking_20251015`, `compact_20260112`…).
public struct ContextManagementCapability: CapabilityWithVariants {
    public let supported: Bool
    public let variants: [String: CapabilitySupport]
    /// Members that are not strategies, kept as JSON.
    public var additionalFields: [String: JSONValue]

    /// The capability with its strategies by wire name.
    public init(supported: Bool, strategies: [String: Bool], additionalFields: [String: JSONValue] = [:]) {
        self.supported = supported
        variants = strategies.mapValues(CapabilitySupport.init(supported:))
        self.additionalFields = additionalFields
    }

    /// Whether the `clear_tool_uses_20250919` strategy is supported.
    public var clearToolUses20250919: Bool? { supports("clear_tool_uses_20250919") }
    /// Whether the `clear_thinking_20251015` strategy is supported.
    public var clearThinking20251015: Bool? { supports("clear_thinking_20251015") }
    /// Whether the `compact_20260112` strategy is supported.
    public var compact20260112: Bool? { supports("compact_20260112") }

    public init(from decoder: any Decoder) throws {
        let coding = try VariantsCoding(from: decoder)
        supported = coding.supported
        variants = coding.variants
        additionalFields = coding.other
    }

    public func encode(to encoder: any Encoder) throws {
        try VariantsCoding(supported: supported, variants: variants, other: additionalFields).encode(to: encoder)
    }
}

/// The server tools: supported when at least one is, and each tool (`web_search`, `code_execution`…).
public struct ServerToolsCapability: CapabilityWithVariants {
    public let supported: Bool
    public let variants: [String: CapabilitySupport]
    /// Members that are not tools, kept as JSON.
    public var additionalFields: [String: JSONValue]

    /// The capability with its tools by wire name.
    public init(supported: Bool, tools: [String: Bool], additionalFields: [String: JSONValue] = [:]) {
        self.supported = supported
        variants = tools.mapValues(CapabilitySupport.init(supported:))
        self.additionalFields = additionalFields
    }

    /// Whether some version of the web search tool is supported.
    public var webSearch: Bool? { supports("web_search") }
    /// Whether some version of the code execution tool is supported.
    public var codeExecution: Bool? { supports("code_execution") }

    public init(from decoder: any Decoder) throws {
        let coding = try VariantsCoding(from: decoder)
        supported = coding.supported
        variants = coding.variants
        additionalFields = coding.other
    }

    public func encode(to encoder: any Encoder) throws {
        try VariantsCoding(supported: supported, variants: variants, other: additionalFields).encode(to: encoder)
    }
}

/// Extended thinking: supported at all, and which `thinking.type` values a request may send (`enabled`,
/// `adaptive`, `disabled`, `between_tools`…). Read each on its own: `enabled` can be false while `disabled` is true.
public struct ThinkingCapability: CapabilityWithVariants {
    public let supported: Bool
    /// The thinking types by wire name (the `types` object on the wire).
    public let variants: [String: CapabilitySupport]
    /// Members other than `supported` and `types`, and members of `types` that are not types, kept as JSON.
    public var additionalFields: [String: JSONValue]

    /// The capability with its thinking types by wire name.
    public init(supported: Bool, types: [String: Bool], additionalFields: [String: JSONValue] = [:]) {
        self.supported = supported
        variants = types.mapValues(CapabilitySupport.init(supported:))
        self.additionalFields = additionalFields
    }

    /// Whether `thinking: {type: "enabled", budget_tokens: …}` is accepted.
    public var enabled: Bool? { supports("enabled") }
    /// Whether `thinking: {type: "adaptive"}` (the model decides how much to think) is accepted.
    public var adaptive: Bool? { supports("adaptive") }
    /// Whether `thinking: {type: "disabled"}` is accepted.
    public var disabled: Bool? { supports("disabled") }
    /// Whether `thinking: {type: "between_tools"}` is accepted.
    public var betweenTools: Bool? { supports("between_tools") }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case supported, types
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        supported = try container.decodeIfPresent(Bool.self, forKey: .supported) ?? false
        let types = try container.decodeIfPresent(TypesCoding.self, forKey: .types)
        variants = types?.coding.variants ?? [:]
        var additional = try AdditionalFields.additional(in: decoder, known: CodingKeys.allCases.map(\.rawValue))
        if let other = types?.coding.other, !other.isEmpty { additional["types"] = .object(other) }
        additionalFields = additional
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(supported, forKey: .supported)
        let otherTypes = additionalFields["types"].flatMap { value -> [String: JSONValue]? in
            if case .object(let members) = value { return members }
            return nil
        }
        try container.encode(TypesCoding(coding: VariantsCoding(supported: false, variants: variants, other: otherTypes ?? [:])), forKey: .types)
        try AdditionalFields.encode(additionalFields.filter { $0.key != "types" }, to: encoder)
    }

    /// The `types` object: only variants, no `supported` of its own.
    private struct TypesCoding: Codable {
        var coding: VariantsCoding

        init(coding: VariantsCoding) { self.coding = coding }

        init(from decoder: any Decoder) throws {
            coding = try VariantsCoding(from: decoder)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            for (name, variant) in coding.variants.sorted(by: { $0.key < $1.key }) { try container.encode(variant, forKey: AnyCodingKey(name)) }
            for (name, value) in coding.other.sorted(by: { $0.key < $1.key }) { try container.encode(value, forKey: AnyCodingKey(name)) }
        }
    }
}
