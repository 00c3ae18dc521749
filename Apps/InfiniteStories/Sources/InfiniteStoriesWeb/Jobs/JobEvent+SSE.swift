import Foundation

extension JobEvent {
    /// The event as one server-sent-events frame; the data is a JSON string, so newlines in the text survive on
    /// one `data:` line.
    func sseFrame(id: Int) -> String {
        let (name, payload): (String, String) = switch self {
        case .delta(let text): ("delta", text)
        case .status(let text): ("status", text)
        case .narration(let completed, let total): ("narration", "\(completed)/\(total)")
        case .done(let url): ("done", url)
        case .failed(let message): ("failed", message)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let data = (try? encoder.encode(payload)).flatMap { String(data: $0, encoding: .utf8) } ?? "\"\""
        return "id: \(id)\nevent: \(name)\ndata: \(data)\n\n"
    }
}
