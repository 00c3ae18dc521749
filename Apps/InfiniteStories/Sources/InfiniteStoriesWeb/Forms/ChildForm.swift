import InfiniteStories

/// The child form's fields, as typed (kept on an error so nothing is lost).
struct ChildForm: Codable, Sendable {
    var name: String?
    /// An ``AgeRange`` raw value ("4-6 years").
    var age: String?
    /// What must never appear, comma-separated.
    var avoid: String?

    /// The things to avoid as a list: split at commas, trimmed, at most 20.
    var avoidList: [String] {
        (avoid ?? "").prefix(500).split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }.prefix(20).map { $0 }
    }
}

extension UI {
    /// An age band as the child form offers it: the ages and what the stories will sound like.
    func ageBandName(_ range: AgeRange) -> String {
        switch range {
        case .toddler: self[.ageToddler]
        case .preschool: self[.agePreschool]
        case .earlyElementary: self[.ageEarly]
        case .elementary: self[.ageElementary]
        }
    }
}
