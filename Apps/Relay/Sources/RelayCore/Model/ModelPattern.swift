/// One entry of `Limits.allowedModels`: a model id, or a prefix ending in `*` (`gpt-4o*` allows `gpt-4o` and
/// `gpt-4o-mini`).
public enum ModelPattern {
    /// Whether `entry` allows `model`.
    public static func allows(_ entry: String, _ model: String) -> Bool {
        entry.hasSuffix("*") ? model.hasPrefix(entry.dropLast()) : model == entry
    }

    /// Whether `entry` allows every model `other` does (`gpt-4o-mini*` under `gpt-4o*`; not `gpt*` under `gpt-4o*`):
    /// how a client token's claimed models are checked against its project's.
    public static func covers(_ entry: String, _ other: String) -> Bool {
        guard entry.hasSuffix("*") else { return entry == other }
        return other.hasPrefix(entry.dropLast())
    }
}
