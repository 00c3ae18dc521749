import Foundation
import InfiniteStories

/// A one-line progress bar on standard error, for narration parts as they are synthesized.
///
/// The narration reports progress from its own tasks, so drawing is serialized by a lock. On a terminal the
/// line is redrawn in place; otherwise (a pipe, a log) each step is a line of its own.
final class ProgressBar: @unchecked Sendable {
    private let title: String
    private let width: Int
    private let lock = NSLock()
    private var lastDrawn: (completed: Int, total: Int)?
    private let redraw = standardErrorIsTerminal

    init(title: String, width: Int = 30) {
        self.title = title
        self.width = width
    }

    /// Draws the bar for `completed` of `total`.
    func update(completed: Int, total: Int) {
        lock.lock()
        defer { lock.unlock() }
        guard lastDrawn.map({ $0 != (completed, total) }) ?? true else { return }
        lastDrawn = (completed, total)
        let filled = total > 0 ? width * completed / total : 0
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let line = "\(title) [\(bar)] \(completed)/\(total) part\(total == 1 ? "" : "s")"
        if redraw {
            note("\r" + line, terminator: "")
        } else {
            note(line)
        }
    }

    /// Ends the bar's line.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if redraw && lastDrawn != nil { note("") }
    }

    /// A narration progress handler that draws this bar.
    var handler: @Sendable (NarrationProgress) -> Void {
        { [self] progress in update(completed: progress.completedParts, total: progress.totalParts) }
    }
}
