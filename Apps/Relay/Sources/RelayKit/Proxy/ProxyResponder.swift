@_spi(Forwarding) import AICore
import AsyncHTTPClient
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import RelayAuth
import RelayCore
import RelayForwarding
import RelayStorage

/// Relays one client request to its project's upstream: who is calling, whether they may, the budget reserved
/// before forwarding, the provider key added on the way, and the response passed back byte for byte while its
/// usage is read to settle the budget.
///
/// Every refusal is answered in the provider's own error shape, so whatever SDK the app uses reports it as it
/// would the provider's own error (a 429 with `retry-after` is retried by the official SDKs).
struct ProxyResponder: Sendable {
    let directory: ProjectDirectory
    let store: RelayStore
    let authenticator: Authenticator
    let forwarder: UpstreamForwarder
    let prices: PriceTable
    let metrics: RelayMetrics
    let ledger: UsageLedger
    let maxBodyBytes: Int
    let logger: Logger

    func respond(to request: Request, context: RelayRequestContext) async -> Response {
        let started = ContinuousClock.now
        let uri = request.uri.description
        guard let target = ProxyTarget(uri: uri) else {
            return refuse(.notFound("No relay route for this path."), provider: .openai, project: "-", started: started)
        }
        // Metrics label a request with its project once the project is known to exist: a client's made-up ids
        // must not each add a time series.
        var project = "-"
        do {
            return try await forward(request, target: target, context: context, started: started, projectLabel: &project)
        } catch let error as RelayError {
            return refuse(error, provider: target.provider, project: project, started: started)
        } catch is ClientDisconnectWatch.ClientWentAway {
            metrics.rejected(reason: "client_went_away")
            return Response(status: .init(code: 499, reasonPhrase: "Client Closed Request"))
        } catch let error as RelayStoreError {
            logger.error("relay store failed", metadata: ["error": "\(error)"])
            return refuse(.unavailable("The relay's database is unavailable; try again shortly."),
                provider: target.provider, project: project, started: started)
        } catch {
            logger.error("relay request failed", metadata: ["error": "\(type(of: error))"])
            return refuse(.upstreamFailed("The relay could not complete the request."),
                provider: target.provider, project: project, started: started)
        }
    }

    private func forward(
        _ request: Request, target: ProxyTarget, context: RelayRequestContext, started: ContinuousClock.Instant,
        projectLabel: inout String
    ) async throws -> Response {
        guard let project = try await directory.project(id: target.projectID) else {
            throw RelayError.notFound("No project with this id on this relay.")
        }
        projectLabel = project.id
        guard let upstream = project.upstream(for: target.provider) else {
            throw RelayError.notFound("This project has no \(target.provider.rawValue) upstream.")
        }
        let path = try RequestPath(target.rest)
        let body = try await collectBody(request)
        let client = try await authenticator.authenticate(
            project: project, method: request.method, path: request.uri.description, headers: request.headers,
            body: Data(buffer: body, byteTransferStrategy: .noCopy), now: Date())
        let inspection = try RequestInspector.inspect(
            provider: target.provider, path: target.rest, contentType: request.headers[.contentType], body: body)
        try LimitCheck.check(method: request.method, path: path, inspection: inspection, project: project, client: client)

        let now = Date()
        let charges = ChargePlan.charges(project: project, client: client, inspection: inspection, prices: prices, now: now)
        if case .refused(let key, let retryAfter) = try await store.reserve(charges, now: now) {
            throw RelayError.rateLimited(Self.limitMessage(forCounter: key), retryAfter: retryAfter)
        }
        let reservation = HeldBudget(
            charges: charges, model: inspection.model,
            tokens: ChargePlan.reservedTokens(project: project, client: client, inspection: inspection),
            cost: ChargePlan.reservedCost(project: project, client: client, inspection: inspection, prices: prices))
        do {
            guard let key = try await directory.providerKey(projectID: project.id, provider: target.provider) else {
                throw RelayError.unavailable("This project has no \(target.provider.rawValue) key on the relay.")
            }
            var upstreamBody = body
            var injectedUsage = false
            if ChatUsageInjection.applies(provider: target.provider, path: target.rest, inspection: inspection) {
                upstreamBody = try ChatUsageInjection.inject(into: body)
                injectedUsage = true
            }
            var upstreamRequest = try UpstreamRequestBuilder(upstream: upstream, providerKey: key)
                .build(method: request.method, path: path, headers: request.headers, body: upstreamBody)
            let telemetry = startTelemetry(request, target: target, path: path, inspection: inspection, upstream: &upstreamRequest)
            metrics.overhead(ContinuousClock.now - started)
            let forwarder = forwarder
            let sent = upstreamRequest
            let response: HTTPClientResponse
            do {
                response = try await ClientDisconnectWatch.run(on: context.channel) {
                    try await forwarder.send(sent)
                }
            } catch let error as ClientDisconnectWatch.ClientWentAway {
                telemetry?.cancelled(ForwardedCallSummary())
                throw error
            } catch {
                telemetry?.failed(status: nil, error: error, summary: ForwardedCallSummary())
                throw error
            }
            if let telemetry {
                var head = HTTPFields()
                for (name, value) in response.headers {
                    if let name = HTTPField.Name(name) { head.append(HTTPField(name: name, value: value)) }
                }
                telemetry.responded(status: Int(response.status.code), headers: head)
            }
            let contentType = response.headers.first(name: "content-type")
            let streaming = contentType?.hasPrefix("text/event-stream") ?? false
            let exchange = Exchange(
                project: project, target: target, client: client, reservation: reservation, started: started,
                status: Int(response.status.code), injectedUsage: injectedUsage, contentType: contentType,
                telemetry: telemetry)
            return Response(
                status: .init(code: Int(response.status.code)),
                headers: UpstreamResponseHeaders.forward(response.headers, streaming: streaming),
                body: ResponseBody { [self] writer in
                    try await relayBody(response.body, exchange: exchange, channel: context.channel, writer: &writer)
                })
        } catch {
            ledger.add(settlements: settlement(reservation, usage: nil, status: (error as? RelayError)?.status ?? 502), usage: nil)
            throw error
        }
    }

    /// The forwarded call's span (a child of the request's server span) and GenAI metrics, with its trace context
    /// in the upstream request; nil when no tracer is bootstrapped and the metrics have nowhere to go.
    private func startTelemetry(
        _ request: Request, target: ProxyTarget, path: RequestPath, inspection: RequestInspection,
        upstream: inout HTTPClientRequest
    ) -> ForwardedCallTelemetry? {
        guard let url = URL(string: upstream.url),
            let telemetry = ForwardedCallTelemetry.start(
                provider: ForwardedOperation.providerName(target.provider),
                operation: ForwardedOperation.name(provider: target.provider, method: request.method, path: path),
                model: inspection.model, modelLabel: inspection.model.map { prices.pricedModel($0) ?? "other" },
                maxTokens: inspection.maxOutputTokens, temperature: inspection.temperature, topP: inspection.topP,
                method: request.method, apiPath: path.path, url: url, metrics: metrics.genAI)
        else { return nil }
        var traceHeaders = HTTPFields()
        telemetry.inject(into: &traceHeaders)
        for field in traceHeaders {
            upstream.headers.replaceOrAdd(name: field.name.rawName, value: field.value)
        }
        return telemetry
    }

    private func collectBody(_ request: Request) async throws -> ByteBuffer {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > maxBodyBytes {
            throw RelayError.payloadTooLarge(limit: maxBodyBytes)
        }
        do {
            return try await request.body.collect(upTo: maxBodyBytes)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw RelayError.payloadTooLarge(limit: maxBodyBytes)
        }
    }

    /// Names the exhausted limit from its counter key (`p/{project}/rpm/…` or `c/{project}/{client}/tpd/…`) without
    /// repeating the client's identity.
    static func limitMessage(forCounter key: String) -> String {
        let parts = key.split(separator: "/")
        let scope = parts.first == "c" ? "this client's" : "this project's"
        let kind = parts.count >= 2 ? parts[parts.count - 2] : ""
        let what =
            switch kind {
            case "rpm": "requests per minute"
            case "tpm": "tokens per minute"
            case "tpd": "tokens per day"
            case "spend": "monthly spend"
            default: "limit"
            }
        return "Rate limit reached: \(scope) \(what) on this relay is used up."
    }

    private func refuse(_ error: RelayError, provider: Provider, project: String, started: ContinuousClock.Instant) -> Response {
        metrics.rejected(reason: error.reason)
        metrics.requestFinished(project: project, provider: provider.rawValue, status: error.status, duration: ContinuousClock.now - started)
        logger.info(
            "relay refused a request",
            metadata: ["project": "\(project)", "status": "\(error.status)", "reason": "\(error.reason)"])
        let answer = ProviderErrorBody.make(error, provider: provider)
        return Response(status: .init(code: answer.status), headers: answer.headers, body: .init(byteBuffer: answer.body))
    }
}
