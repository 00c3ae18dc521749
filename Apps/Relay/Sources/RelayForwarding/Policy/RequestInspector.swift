import Foundation
import NIOCore
import RelayCore

/// Reads a request's model, output-token cap and streaming flags from its path and body, in one pass over the
/// body's top-level fields (messages, images and tools are skipped, never decoded).
public enum RequestInspector {
    /// The fields that cap a request's output, per API: chat (`max_completion_tokens`, older `max_tokens`),
    /// Responses (`max_output_tokens`) and Anthropic Messages (`max_tokens`).
    static let outputLimitKeys = ["max_tokens", "max_completion_tokens", "max_output_tokens"]

    /// Inspects one request.
    ///
    /// - Parameters:
    ///   - provider: the provider the path names.
    ///   - path: the path after `/{project}/{provider}` (a query is ignored); an Azure deployment path
    ///     (`/openai/deployments/{name}/…`) names the model.
    ///   - contentType: the request's `Content-Type`; JSON bodies and `multipart/form-data` are read, others aren't.
    ///   - body: the whole request body.
    /// - Throws: `RelayError.badRequest` for a JSON body that isn't a JSON object, repeats a field the relay reads,
    ///   or gives one the wrong type (a `model` that isn't a string, a token cap that isn't an integer).
    public static func inspect(provider: Provider, path: String, contentType: String?, body: ByteBuffer) throws(RelayError) -> RequestInspection {
        var inspection = RequestInspection()
        let mediaType = contentType.map(\.mediaType).flatMap { $0.isEmpty ? nil : $0 }
        if mediaType == "multipart/form-data", let contentType {
            inspection.model = MultipartField.value(named: "model", in: body, contentType: contentType)
        } else if body.readableBytes > 0,
            mediaType == "application/json" || mediaType?.hasSuffix("+json") == true || (mediaType == nil && startsLikeJSON(body))
        {
            let result = body.withUnsafeReadableBytes { bytes in
                Result { () throws(RelayError) -> RequestInspection in try inspectJSON(bytes) }
            }
            inspection = try result.get()
        }
        if provider == .azure, let deployment = azureDeployment(in: path) {
            inspection.model = deployment
        }
        return inspection
    }

    /// Whether a body sent without a content type opens a JSON object (clients that omit the header send JSON).
    static func startsLikeJSON(_ body: ByteBuffer) -> Bool {
        body.readableBytesView.first { !TopLevelJSON.Scanner.isWhitespace($0) } == UInt8(ascii: "{")
    }

    /// The deployment of an Azure deployments path (`/openai/deployments/{name}/…`).
    static func azureDeployment(in path: String) -> String? {
        let segments = path.split(separator: "?", maxSplits: 1)[0].split(separator: "/")
        guard segments.count >= 3, segments[0] == "openai", segments[1] == "deployments" else { return nil }
        return String(segments[2]).removingPercentEncoding ?? String(segments[2])
    }

    private static func inspectJSON(_ bytes: UnsafeRawBufferPointer) throws(RelayError) -> RequestInspection {
        let json: TopLevelJSON
        do {
            json = try TopLevelJSON(bytes)
        } catch {
            throw .badRequest("The request body is not a JSON object.")
        }
        do {
            var inspection = RequestInspection(estimatedInputTokens: (json.weightedByteCount + 3) / 4)
            if let model = try json.member("model"), !TopLevelJSON.isNull(bytes, model) {
                guard let name = TopLevelJSON.string(bytes, model) else { throw RelayError.badRequest("'model' must be a string.") }
                inspection.model = name
            }
            for key in outputLimitKeys {
                guard let member = try json.member(key), !TopLevelJSON.isNull(bytes, member) else { continue }
                guard let value = TopLevelJSON.integer(bytes, member) else { throw RelayError.badRequest("'\(key)' must be an integer.") }
                inspection.maxOutputTokens = max(inspection.maxOutputTokens ?? value, value)
            }
            inspection.temperature = try json.member("temperature").flatMap { TopLevelJSON.number(bytes, $0) }
            inspection.topP = try json.member("top_p").flatMap { TopLevelJSON.number(bytes, $0) }
            if let stream = try json.member("stream") {
                inspection.stream = TopLevelJSON.bool(bytes, stream) == true
            }
            if let options = try json.member("stream_options"), bytes[options.valueStart] == UInt8(ascii: "{") {
                let inner = TopLevelJSON.slice(bytes, options)
                let optionsJSON = try TopLevelJSON(inner)
                if let include = try optionsJSON.member("include_usage") {
                    inspection.includeUsage = TopLevelJSON.bool(inner, include) == true
                }
            }
            return inspection
        } catch let error as RelayError {
            throw error
        } catch {
            throw .badRequest("The request body repeats a field the relay reads ('model', a token limit or 'stream').")
        }
    }
}
