/// The New story form's fields: posted to start a story or ask the assistant, and carried in a retry link's
/// query so a failed order's values come back filled in.
struct StoryForm: Codable, Sendable {
    var hero: String?
    var event: String?
    var custom: String?
    var language: String?
    var minutes: String?
    var voice: String?
    /// Which assistant button was pressed (title, enhance, keywords, similar).
    var assist: String?
}
