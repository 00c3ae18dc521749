import Hummingbird
import RelayAuth
import RelayForwarding

extension RelayServer {
    /// Every route: `/health`, `/metrics`, the admin API under `/admin/v1` (when an admin token is configured),
    /// App Attest registration under `/{project}/attest/…`, and everything else relayed as
    /// `/{project}/{provider}/…`.
    ///
    /// Traced with a server span per request; the forwarded calls' GenAI spans and metrics come from the same
    /// code as the SDK's own calls (`ForwardedCallTelemetry`).
    public func router() -> Router<RelayRequestContext> {
        let router = Router(context: RelayRequestContext.self)
        // A server span per request (a child of the client's `traceparent`, when it sends one), on the tracer the
        // process bootstrapped (`relay serve --otlp-endpoint`); each forwarded call's GenAI span is its child.
        router.add(middleware: TracingMiddleware())
        let directory = ProjectDirectory(store: store, secrets: secrets)
        let authenticator = Authenticator(
            store: store, secrets: secrets, deviceCheck: DeviceCheckValidator(httpClient: httpClient, logger: logger),
            appAttestRoots: appAttestRoots, logger: logger)
        let proxy = ProxyResponder(
            directory: directory, store: store, authenticator: authenticator,
            forwarder: UpstreamForwarder(
                httpClient: httpClient, timeout: .seconds(Int64(configuration.upstreamTimeoutSeconds)), logger: logger),
            prices: prices, metrics: metrics, ledger: ledger, maxBodyBytes: configuration.maxBodyBytes, logger: logger)

        // A load balancer's check: 200 while the database answers, 503 when it doesn't.
        router.get("/health") { _, _ in
            let healthy = (try? await store.health()) != nil
            return Response(
                status: healthy ? .ok : .serviceUnavailable, headers: [.contentType: "application/json"],
                body: .init(byteBuffer: .init(string: healthy ? #"{"status":"ok"}"# : #"{"status":"database unavailable"}"#)))
        }
        router.get("/metrics") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4"],
                body: .init(byteBuffer: .init(bytes: metrics.exposition())))
        }
        if let tokenHash = configuration.adminTokenSHA256 {
            AdminRoutes(store: store, secrets: secrets, directory: directory, ledger: ledger, adminTokenSHA256: tokenHash)
                .add(to: router.group("admin/v1"))
        }
        let attest = AttestRoutes(
            directory: directory, registration: AppAttestRegistration(store: store, appAttestRoots: appAttestRoots, logger: logger),
            metrics: metrics)
        for method in [HTTPRequest.Method.get, .post, .put, .patch, .delete] {
            router.on("**", method: method) { request, context in
                if let answer = try await attest.respond(to: request) { return answer }
                return await proxy.respond(to: request, context: context)
            }
        }
        return router
    }
}
