import Foundation
import HTTPTypes
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A ``WebSocketConnection`` on `URLSessionWebSocketTask`: the default on Apple platforms.
///
/// URLSession does not show the body of a refused handshake, so a 401 is reported by its status alone.
final class URLSessionWebSocketConnection: NSObject, WebSocketConnection, URLSessionWebSocketDelegate, @unchecked Sendable {
    let messages: AsyncThrowingStream<[WebSocketMessage], any Error>
    private let continuation: AsyncThrowingStream<[WebSocketMessage], any Error>.Continuation
    private let received = LockedValue(WebSocketActivity())
    private let options: WebSocketOptions
    private let host: String
    /// Guards the mutable state below (delegate callbacks come on the session's queue, calls from any task).
    private let lock = NSLock()
    private var task: URLSessionWebSocketTask?
    private var session: URLSession?
    private var opened: CheckedContinuation<Void, any Error>?
    private var closing = false
    private var finished = false
    private var pinger: Task<Void, Never>?

    private init(options: WebSocketOptions, host: String) {
        (messages, continuation) = AsyncThrowingStream<[WebSocketMessage], any Error>.makeStream()
        self.options = options
        self.host = host
        super.init()
    }

    var activity: WebSocketActivity { received.withLock { $0 } }

    /// Hands a message to the reader; returns whether to go on receiving (false while the reader is far behind).
    private func deliver(_ message: WebSocketMessage) -> Bool {
        let goOn = received.withLock { $0.arrived(messages: 1, bytes: message.byteCount) }
        continuation.yield([message])
        return goOn
    }

    func handedOut(bytes: Int) {
        // URLSession reads one message per receive(): not asking for the next one is what holds the server back.
        if received.withLock({ $0.handedOut(bytes: bytes) }) { receiveNext() }
    }

    static func connect(_ request: WebSocketRequest, options: WebSocketOptions) async throws -> URLSessionWebSocketConnection {
        guard let url = WebSocketClient.webSocketURL(request.url), let host = url.host else {
            throw APIError(kind: .invalidRequest, message: "Invalid WebSocket URL: \(request.url.absoluteString)")
        }
        let connection = URLSessionWebSocketConnection(options: options, host: host)
        var urlRequest = URLRequest(url: url, timeoutInterval: options.connectTimeout)
        for field in request.headers { urlRequest.addValue(field.value, forHTTPHeaderField: field.name.rawName) }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = options.connectTimeout
        let session = URLSession(configuration: configuration, delegate: connection, delegateQueue: nil)
        let task = session.webSocketTask(with: urlRequest)
        task.maximumMessageSize = options.maxMessageBytes
        connection.lock.withLock {
            connection.session = session
            connection.task = task
        }
        do {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (opened: CheckedContinuation<Void, any Error>) in
                    connection.lock.withLock { connection.opened = opened }
                    task.resume()
                }
            } onCancel: {
                task.cancel()
            }
        } catch {
            session.invalidateAndCancel()
            if Task.isCancelled { throw APIError(kind: .cancelled, message: "Connecting to \(host) was cancelled.") }
            throw error
        }
        connection.continuation.onTermination = { [weak connection] termination in
            if case .cancelled = termination { connection?.lock.withLock { connection?.task }?.cancel(with: .goingAway, reason: nil) }
        }
        connection.receiveNext()
        connection.startPinging()
        return connection
    }

    func send(text: String) async throws {
        guard let task = lock.withLock({ closing ? nil : task }) else {
            throw APIError(kind: .connection, message: "The WebSocket session with \(host) is closed.")
        }
        let host = host
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            task.send(.string(text)) { error in
                if let error {
                    continuation.resume(throwing: APIError(kind: .connection, message: "Could not send on the WebSocket session with \(host): \(error)"))
                } else {
                    continuation.resume()
                }
            }
        }
    }

    func close(code: UInt16, reason: String) async {
        let task = lock.withLock { () -> URLSessionWebSocketTask? in
            defer { closing = true }
            return closing ? nil : self.task
        }
        task?.cancel(with: URLSessionWebSocketTask.CloseCode(rawValue: Int(code)) ?? .normalClosure, reason: Data(reason.utf8))
        finish(nil)
        lock.withLock { session }?.finishTasksAndInvalidate()
    }

    // MARK: - Reading

    private func receiveNext() {
        guard let task = lock.withLock({ task }) else { return }
        task.receive { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(.string(let text)):
                if deliver(.text(text)) { receiveNext() }
            case .success(.data(let data)):
                if deliver(.binary(data)) { receiveNext() }
            case .success:
                receiveNext()
            case .failure(let error):
                finish(endError(task: task, underlying: error))
            }
        }
    }

    /// What ended the connection: the server's close code when it sent one, else a broken connection.
    private func endError(task: URLSessionWebSocketTask, underlying: any Error) -> (any Error)? {
        if lock.withLock({ closing }) { return nil }
        if task.closeCode == .invalidFramePayloadData {
            // 1007: a text message that is not UTF-8, a protocol violation; `.invalidResponse` as the SwiftNIO client
            // reports it, so both transports agree.
            return APIError(
                kind: .invalidResponse,
                message: "The WebSocket server at \(host) sent a text message that is not valid UTF-8 (close code 1007).")
        }
        if task.closeCode != .invalid {
            let code = task.closeCode.rawValue
            let reason = task.closeReason.flatMap { String(data: $0, encoding: .utf8) } ?? ""
            var error = APIError(
                kind: .closed,
                message: reason.isEmpty ? "The server closed the WebSocket session (code \(code))." : "The server closed the WebSocket session (code \(code)): \(reason)")
            error.closeCode = code
            return error
        }
        return APIError(kind: .connection, message: "The WebSocket connection to \(host) broke: \(underlying.localizedDescription)")
    }

    private func startPinging() {
        guard options.pingInterval > 0 else { return }
        let interval = options.pingInterval
        let timeout = options.pingTimeout
        let pinger = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: UInt64(interval * 1e9))
                guard let self, let task = lock.withLock({ closing ? nil : task }) else { return }
                let answered = LockedValue(false)
                task.sendPing { _ in answered.withLock { $0 = true } }
                try? await Task.sleep(nanoseconds: UInt64(timeout * 1e9))
                if !answered.withLock({ $0 }), !Task.isCancelled {
                    finish(APIError(kind: .timeout, message: "The WebSocket server at \(host) did not answer a ping within \(timeout) s."))
                    task.cancel()
                    return
                }
            }
        }
        // Stored under the lock `finish` takes it with; a connection that ended before this line (the server closed
        // at once) gets its pinger cancelled here instead of pinging a dead task.
        let alreadyFinished = lock.withLock { () -> Bool in
            if !finished { self.pinger = pinger }
            return finished
        }
        if alreadyFinished { pinger.cancel() }
    }

    private func finish(_ error: (any Error)?) {
        let (first, pinger) = lock.withLock { () -> (Bool, Task<Void, Never>?) in
            defer {
                finished = true
                self.pinger = nil
            }
            return (!finished, self.pinger)
        }
        guard first else { return }
        pinger?.cancel()
        continuation.finish(throwing: error)
    }

    // MARK: - URLSessionWebSocketDelegate

    func urlSession(_ session: URLSession, webSocketTask: URLSessionWebSocketTask, didOpenWithProtocol protocol: String?) {
        lock.withLock { () -> CheckedContinuation<Void, any Error>? in
            defer { opened = nil }
            return opened
        }?.resume()
    }

    func urlSession(
        _ session: URLSession, webSocketTask: URLSessionWebSocketTask, didCloseWith closeCode: URLSessionWebSocketTask.CloseCode,
        reason: Data?
    ) {}

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let waiting = lock.withLock { () -> CheckedContinuation<Void, any Error>? in
            defer { opened = nil }
            return opened
        }
        guard let waiting else { return }
        if let response = task.response as? HTTPURLResponse, response.statusCode != 101 {
            var headers = HTTPFields()
            for (name, value) in response.allHeaderFields {
                if let name = (name as? String).flatMap({ HTTPField.Name($0) }), let value = value as? String {
                    headers.append(HTTPField(name: name, value: value))
                }
            }
            waiting.resume(throwing: APIError.fromResponse(status: response.statusCode, headers: headers, body: Data()))
        } else if let error = error as? URLError, error.code == .timedOut {
            waiting.resume(throwing: APIError(kind: .timeout, message: "The WebSocket handshake with \(host) timed out."))
        } else {
            waiting.resume(
                throwing: APIError(kind: .connection, message: "Could not open a WebSocket to \(host): \(error?.localizedDescription ?? "closed")"))
        }
    }
}
