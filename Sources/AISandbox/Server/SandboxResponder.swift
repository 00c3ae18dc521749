import AIServerKit
import Foundation

/// The sandbox on the server kit: records each API request, takes the behavior queued for it, routes it, and
/// hands the kit the (possibly misbehaving) writes. Control API requests are answered apart: never recorded,
/// never misbehaving.
struct SandboxResponder: HTTPResponder {
    let state: SandboxState

    func respond(to serverRequest: ServerRequest) -> any ResponseWrites {
        let request = RecordedRequest(serverRequest)
        if let plan = ControlAPI.plan(for: serverRequest.method, request, state: state) {
            return ResponseActions(
                plan: plan, behavior: SandboxBehavior(), requestID: "req_sandbox_control", keepAlive: serverRequest.keepAlive)
        }
        let (behavior, requestID) = state.receive(request)
        let route = Router.route(serverRequest.method, request, state: state, answer: behavior?.answer)
        OperationLog.record(method: serverRequest.method.rawValue, path: request.path, status: route.plan.status)
        return ResponseActions(
            plan: route.plan, behavior: behavior ?? SandboxBehavior(), requestID: requestID,
            keepAlive: serverRequest.keepAlive, anthropic: route.area == .anthropic, responses: route.area == .responses,
            assistants: route.area == .assistants)
    }

    /// 413 in the provider's error shape.
    func refuseTooLarge(_ request: ServerRequest, limit: Int) -> any ResponseWrites {
        let plan = Router.tooLarge(RecordedRequest(request), limit: limit)
        return ResponseActions(plan: plan, behavior: SandboxBehavior(), requestID: "req_sandbox_too_large", keepAlive: false)
    }

    func connectionOpened() { state.connectionOpened() }

    func connectionClosed() { state.connectionClosed() }
}
