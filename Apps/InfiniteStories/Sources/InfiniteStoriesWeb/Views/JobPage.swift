import Foundation
import Hummingbird

/// A story being written: the text as it streams in (app.js listens to the job's events), the narration's
/// progress, and a retry link shown when it fails.
struct JobPage {
    let jobID: UUID
    let retryPath: String

    func response(_ visit: Visit) -> Response {
        let ui = visit.ui
        return visit.page(ui[.writing], [
            el("div", ["data-events": "/stories/jobs/\(jobID.uuidString.lowercased())/events"],
               el("p", ["id": "status", "class": "status", "role": "status", "aria-live": "polite"], t(ui[.writing])),
               el("progress", ["id": "narration", "max": "1", "value": "0", "hidden": "hidden"]),
               el("p", [:], el("a", ["id": "retry", "class": "button", "hidden": "hidden", "href": retryPath], t(ui[.retry]))),
               el("div", ["id": "story-text", "class": "story-text"])),
        ])
    }
}

/// Over the concurrency limit: a friendly 429 with a way to try again.
struct BusyPage {
    func response(_ visit: Visit) -> Response {
        let ui = visit.ui
        return visit.page(ui[.busyTitle], status: .tooManyRequests, [
            el("p", [:], t(ui[.busy])),
            el("a", ["href": "/stories/new", "class": "button"], t(ui[.retry])),
        ])
    }
}
