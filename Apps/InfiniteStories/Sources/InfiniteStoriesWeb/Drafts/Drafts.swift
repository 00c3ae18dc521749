import Foundation

/// What a form's post produced, kept for a while under a random id, so the post can answer "303 See Other" to a
/// page that shows it: reloading that page shows it again instead of posting (and paying) again.
///
/// In memory and bounded: the newest `limit` entries are kept, an older id shows the page without it.
actor Drafts<Value: Sendable> {
    private var values: [UUID: Value] = [:]
    private var order: [UUID] = []
    private let limit: Int

    init(limit: Int = 200) { self.limit = limit }

    /// Keeps `value` and returns its id.
    func keep(_ value: Value) -> UUID {
        let id = UUID()
        values[id] = value
        order.append(id)
        if order.count > limit { values[order.removeFirst()] = nil }
        return id
    }

    /// The value kept under `id`, if it is still kept (read as often as the page is loaded).
    func value(_ id: UUID) -> Value? { values[id] }

    /// The value kept under the id in `text` (a query parameter).
    func value(_ text: Substring?) -> Value? { text.flatMap { UUID(uuidString: String($0)) }.flatMap { values[$0] } }
}

/// What the custom event assistant answered, each with the "Use this" button that puts it into a field.
enum AssistantAnswer: Sendable, Hashable {
    /// A name for the event.
    case title(String)
    /// A richer description, shown beside the parent's until they choose it.
    case enhanced(String)
    case keywords([String])
    /// Events like this one, each usable as the description.
    case similar([String])
    /// The description was replaced; `previous` is what "Undo" puts back.
    case replaced(previous: String)
    /// A field was filled from an answer; nothing more to show.
    case applied
}
