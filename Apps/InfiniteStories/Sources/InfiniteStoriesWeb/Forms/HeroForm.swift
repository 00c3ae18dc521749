/// The hero form's fields, as typed (kept on an error so nothing is lost).
struct HeroForm: Codable, Sendable {
    var name: String?
    var traits: String?
    var appearance: String?
    var ability: String?
}

/// The avatar drawing form's fields.
struct AvatarForm: Codable, Sendable {
    var size: String?
    var quality: String?

    /// The sizes the image model (dall-e-3) accepts; the others are refused with a 400.
    static let sizes = ["1024x1024", "1792x1024", "1024x1792"]
    static let qualities = ["standard", "hd"]

    /// The size asked for when the model accepts it, else the square one.
    var acceptedSize: String { size.flatMap { Self.sizes.contains($0) ? $0 : nil } ?? "1024x1024" }
    var acceptedQuality: String { quality == "hd" ? "hd" : "standard" }
}
