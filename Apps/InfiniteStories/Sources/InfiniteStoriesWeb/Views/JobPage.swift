import Foundation
import Hummingbird

/// A story being written: the text so far, the last step and the narration's progress as the server has them,
/// then (app.js listening to the job's events from there) as they happen. When the job has ended the page says
/// so: a link to the saved story, or the failure with the retry link.
///
/// Without JavaScript, the page reloads itself every few seconds while the job runs (a `<noscript>` refresh), so
/// it reaches "ready" too. The script replaces the page with the story when it is saved, so Back from the
/// story goes to the form, not to this page.
struct JobPage {
    let jobID: UUID
    let snapshot: JobSnapshot

    func response(_ visit: Visit) -> Response {
        let ui = visit.ui
        let id = jobID.uuidString.lowercased()
        let text = el("div", ["id": "story-text", "class": "story-text"], t(snapshot.text))
        switch snapshot.outcome {
        case .saved(let url):
            return visit.page(ui[.storyReady], [
                el("p", ["id": "status", "class": "status", "role": "status"], t(ui[.storyReady])),
                el("p", [:], el("a", ["id": "open-story", "class": "button", "href": url], t(ui[.readStory]))),
                text,
            ])
        case .failed(let message):
            return visit.page(ui[.writing], [
                el("p", ["id": "status", "class": "error", "role": "alert"], t(message)),
                el("p", [:], el("a", ["id": "retry", "class": "button", "href": snapshot.retryPath], t(ui[.retry]))),
                text,
            ])
        case nil:
            var progress: [(String, String)] = [("id", "narration")]
            if let narration = snapshot.narration {
                progress += [("max", String(narration.total)), ("value", String(narration.completed))]
            } else {
                progress += [("max", "1"), ("value", "0"), ("hidden", "hidden")]
            }
            let refresh = el("noscript", [:], void("meta", ["http-equiv": "refresh", "content": "3"]))
            return visit.page(ui[.writing], head: [refresh], [
                el("div", ["data-events": "/stories/jobs/\(id)/events?lastEventId=\(snapshot.eventCount)"],
                   el("p", ["id": "status", "class": "status", "role": "status", "aria-live": "polite"],
                      t(snapshot.status ?? ui[.writing])),
                   el("progress", attrs: progress, []),
                   el("p", [:], el("a", ["id": "retry", "class": "button", "hidden": "hidden", "href": snapshot.retryPath],
                                   t(ui[.retry]))),
                   text),
            ])
        }
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
