import Foundation

/// What each model costs, as data: list prices by default, replaceable from a JSON file when OpenAI's
/// prices change (the InfiniteStories app hard-coded $0.03 per 1K tokens in code).
///
/// ```json
/// { "tokens": { "gpt-4o": { "input_per_million": 2.5, "output_per_million": 10 } },
///   "speech_per_million_characters": { "tts-1": 15 },
///   "images": { "dall-e-3": { "standard": { "1024x1024": 0.04 } } } }
/// ```
public struct PriceTable: Codable, Sendable, Hashable {
    /// USD per million tokens of a chat model.
    public struct TokenPrice: Codable, Sendable, Hashable {
        /// USD per million prompt tokens.
        public var inputPerMillion: Double
        /// USD per million completion tokens.
        public var outputPerMillion: Double

        public init(inputPerMillion: Double, outputPerMillion: Double) {
            self.inputPerMillion = inputPerMillion
            self.outputPerMillion = outputPerMillion
        }

        enum CodingKeys: String, CodingKey {
            case inputPerMillion = "input_per_million"
            case outputPerMillion = "output_per_million"
        }
    }

    /// Chat models by id; a dated id (`gpt-4o-2024-08-06`) uses the longest matching prefix.
    public var tokens: [String: TokenPrice]
    /// Speech models: USD per million input characters.
    public var speechPerMillionCharacters: [String: Double]
    /// Image models: USD per image, by quality, then size.
    public var images: [String: [String: [String: Double]]]

    public init(
        tokens: [String: TokenPrice] = [:], speechPerMillionCharacters: [String: Double] = [:],
        images: [String: [String: [String: Double]]] = [:]
    ) {
        self.tokens = tokens
        self.speechPerMillionCharacters = speechPerMillionCharacters
        self.images = images
    }

    enum CodingKeys: String, CodingKey {
        case tokens
        case speechPerMillionCharacters = "speech_per_million_characters"
        case images
    }

    /// Reads a table from a JSON file.
    public static func load(from url: URL) throws -> PriceTable {
        try JSONDecoder().decode(PriceTable.self, from: Data(contentsOf: url))
    }

    /// OpenAI's list prices (USD) for the models this library uses.
    ///
    /// gpt-4o-mini-tts is counted at its text-input price ($0.60 per million, taken per character); its audio
    /// output (about $0.015 a minute) is not included. tts-1 and tts-1-hd are priced per character.
    public static let `default` = PriceTable(
        tokens: [
            "gpt-4o": TokenPrice(inputPerMillion: 2.50, outputPerMillion: 10.00),
            "gpt-4o-mini": TokenPrice(inputPerMillion: 0.15, outputPerMillion: 0.60),
            "gpt-4.1": TokenPrice(inputPerMillion: 2.00, outputPerMillion: 8.00),
            "gpt-4.1-mini": TokenPrice(inputPerMillion: 0.40, outputPerMillion: 1.60),
            "gpt-4.1-nano": TokenPrice(inputPerMillion: 0.10, outputPerMillion: 0.40),
        ],
        speechPerMillionCharacters: ["gpt-4o-mini-tts": 0.60, "tts-1": 15.00, "tts-1-hd": 30.00],
        images: [
            "dall-e-3": [
                "standard": ["1024x1024": 0.04, "1792x1024": 0.08, "1024x1792": 0.08],
                "hd": ["1024x1024": 0.08, "1792x1024": 0.12, "1024x1792": 0.12],
            ],
            "dall-e-2": ["standard": ["256x256": 0.016, "512x512": 0.018, "1024x1024": 0.02]],
            "gpt-image-1": [
                "low": ["1024x1024": 0.011, "1024x1536": 0.016, "1536x1024": 0.016],
                "medium": ["1024x1024": 0.042, "1024x1536": 0.063, "1536x1024": 0.063],
                "high": ["1024x1024": 0.167, "1024x1536": 0.25, "1536x1024": 0.25],
            ],
        ])

    /// The token price of `model`: an exact entry, else the longest entry the id starts with.
    public func tokenPrice(for model: String) -> TokenPrice? {
        Self.lookup(model, in: tokens)
    }

    /// The price per million characters of a speech model.
    public func speechPrice(for model: String) -> Double? {
        Self.lookup(model, in: speechPerMillionCharacters)
    }

    /// The price of one image, or nil when the table does not list that model, quality and size. A GPT image
    /// model asked with dall-e-3's names (`standard`/`hd`, `1792x1024`) is priced as the service draws it
    /// (`medium`/`high`, `1536x1024`), so an estimate made before drawing matches what is recorded after.
    public func imagePrice(model: String, size: String, quality: String) -> Double? {
        let prices = Self.lookup(model, in: images)
        if let price = prices?[quality]?[size] { return price }
        guard model.hasPrefix("gpt-image") else { return nil }
        return prices?[OpenAIService.gptImageQuality(quality)]?[OpenAIService.gptImageSize(size)]
    }

    private static func lookup<Value>(_ model: String, in table: [String: Value]) -> Value? {
        if let exact = table[model] { return exact }
        let prefix = table.keys.filter { model.hasPrefix($0 + "-") }.max { $0.count < $1.count }
        return prefix.flatMap { table[$0] }
    }
}
