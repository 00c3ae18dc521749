import AICore
import Foundation
import HTTPTypes
import SwiftAITestSupport
import Testing

@testable import AISandbox

/// What the sandbox told its webhook deliverer, in order.
struct ResponseEndRecorder: Sendable {
    private let ends = LockedValue<[(type: String, id: String)]>([])

    func record(_ type: String, _ id: String) { ends.withLock { $0.append((type, id)) } }
    var all: [(type: String, id: String)] { ends.current }
}

@Suite("Background responses end exactly once, as they were created to end")
struct BackgroundResponseTests {
    static func request(_ method: String, _ body: [String: Any]? = nil) -> RecordedRequest {
        RecordedRequest(
            method: method, path: "/v1/responses", query: [], headers: [.contentType: "application/json"],
            body: body.map { try! JSONSerialization.data(withJSONObject: $0) } ?? Data())
    }

    /// A store whose ends are recorded (as with webhooks on).
    static func store() -> (OpenAIResponses, ResponseEndRecorder) {
        let responses = OpenAIResponses()
        let recorder = ResponseEndRecorder()
        responses.onFinished = { type, id in recorder.record(type, id) }
        return (responses, recorder)
    }

    static func createBackground(_ responses: OpenAIResponses, _ extra: [String: Any] = [:]) -> String {
        var body: [String: Any] = ["model": "gpt-4o", "input": "Write a long story about a fox and a crow", "background": true]
        body.merge(extra) { $1 }
        return bodyJSON(responses.create(request("POST", body), answer: nil))["id"] as? String ?? ""
    }

    @Test("a cancel racing the webhook timer and polls ends each response once, with the event of its final status")
    func cancelRacesTheEnd() async throws {
        let (responses, recorder) = Self.store()
        let ids = (0..<300).map { _ in Self.createBackground(responses) }
        #expect(Set(ids).count == ids.count && !ids.contains(""))
        // Every response is cancelled, finished by the timer and polled twice, all at the same time on as many threads
        // as there are cores (on a thread of its own: the cooperative pool is never blocked).
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread {
                DispatchQueue.concurrentPerform(iterations: ids.count * 4) { index in
                    let id = ids[index / 4]
                    switch index % 4 {
                    case 0: _ = responses.cancel(id)
                    case 1: _ = responses.move(id, .finish)
                    default: _ = responses.retrieve(id, Self.request("GET"))
                    }
                }
                done.resume()
            }.start()
        }
        let ends = recorder.all
        for id in ids {
            let events = ends.filter { $0.id == id }.map(\.type)
            let final = bodyJSON(responses.retrieve(id, Self.request("GET")))["status"] as? String ?? "?"
            #expect(events == ["response.\(final)"], "\(id) ended as \(final) with \(events)")
        }
        #expect(ends.count == ids.count)
    }

    @Test("a background response cut at max_output_tokens ends incomplete, by polls or by the timer")
    func incompleteAtTheLimit() throws {
        let (responses, recorder) = Self.store()
        let polled = Self.createBackground(responses, ["max_output_tokens": 3])
        let queued = bodyJSON(responses.retrieve(polled, Self.request("GET")))
        #expect(queued["status"] as? String == "in_progress")
        #expect(queued["incomplete_details"] is NSNull)
        let ended = bodyJSON(responses.retrieve(polled, Self.request("GET")))
        #expect(ended["status"] as? String == "incomplete")
        #expect((ended["incomplete_details"] as? [String: Any])?["reason"] as? String == "max_output_tokens")
        #expect(ended["completed_at"] == nil)
        let message = (ended["output"] as? [[String: Any]])?.first
        #expect(message?["status"] as? String == "incomplete")
        #expect((ended["usage"] as? [String: Any])?["output_tokens"] as? Int == 3)

        let timed = Self.createBackground(responses, ["max_output_tokens": 3])
        #expect(responses.move(timed, .finish)?.object["status"]?.string == "incomplete")
        // Within the limit, the same request completes.
        let complete = Self.createBackground(responses, ["max_output_tokens": 500])
        let finished = try #require(responses.move(complete, .finish)?.object.foundationObject as? [String: Any])
        #expect(finished["status"] as? String == "completed")
        #expect(finished["incomplete_details"] is NSNull)
        #expect(finished["completed_at"] as? Int != nil)

        let ends = recorder.all
        #expect(ends.map(\.type) == ["response.incomplete", "response.incomplete", "response.completed"])
        #expect(ends.map(\.id) == [polled, timed, complete])
    }

    @Test("a response that has ended is not cancelled, and tells nothing more")
    func cancelAfterTheEnd() throws {
        let (responses, recorder) = Self.store()
        let id = Self.createBackground(responses)
        _ = responses.move(id, .finish)
        let answer = bodyJSON(responses.cancel(id))
        #expect(answer["status"] as? String == "completed")
        _ = responses.move(id, .finish)
        #expect(recorder.all.map(\.type) == ["response.completed"])
    }
}
