import Foundation
import GRDB

/// A row of `usage_records`: what one program run spent on one model.
struct UsageRecord: Codable, FetchableRecord, MutablePersistableRecord, Sendable {
    static let databaseTableName = "usage_records"

    var id: Int64?
    var model: String
    var inputTokens: Int
    var outputTokens: Int
    var characters: Int
    var images: Int
    /// Estimated US dollars, from the price table in use when it was recorded.
    var cost: Double
    /// `yyyy-MM-dd` in UTC.
    var day: String
    var recordedAt: Date
    /// Recorded by a sandbox run: nothing was charged.
    var simulated: Bool

    enum CodingKeys: String, CodingKey {
        case id, model, characters, images, cost, day, simulated
        case inputTokens = "input_tokens"
        case outputTokens = "output_tokens"
        case recordedAt = "recorded_at"
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
