import Foundation

/// How a service's calls appear in the app's traces and metrics.
///
/// With the `SwiftAITelemetry` trait (on by default), every call, stream and Realtime session gets a span on the
/// tracer the app bootstrapped with swift-distributed-tracing, and GenAI metrics on its swift-metrics backend,
/// named as OpenTelemetry's generative-AI conventions name them. Until the app bootstraps one or the other, nothing
/// is measured or allocated for it. Without the trait these options have no effect.
public struct TelemetryOptions: Sendable {
    /// Whether this service's calls are traced and measured at all (default true).
    public var isEnabled: Bool
    /// Whether spans carry the prompts and the generated text (`gen_ai.input.messages`,
    /// `gen_ai.system_instructions`, `gen_ai.output.messages`). Off by default: they often hold personal data,
    /// and tracing backends keep them.
    public var recordsContent: Bool

    public init(isEnabled: Bool = true, recordsContent: Bool = false) {
        self.isEnabled = isEnabled
        self.recordsContent = recordsContent
    }

    /// Traced and measured, without message contents.
    public static let `default` = TelemetryOptions()
    /// Neither traced nor measured.
    public static let disabled = TelemetryOptions(isEnabled: false)
}
