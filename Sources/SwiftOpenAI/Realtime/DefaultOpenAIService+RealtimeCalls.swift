import AICore
import Foundation
import HTTPTypes

// Realtime calls: on Azure OpenAI only on its v1 routes (`/openai/v1/realtime/calls`, as Azure's WebRTC guide
// shows); translation client secrets only on OpenAI.
extension DefaultOpenAIService {
    public func createRealtimeCall(parameters: RealtimeCallParameters, options: RequestOptions) async throws -> RealtimeCallAnswer {
        let path = try routing.v1OnlyPath("/realtime/calls", feature: "Realtime calls")
        var request: APIRequest
        if let session = parameters.session {
            request = try Self.callForm(sdp: parameters.sdp, session: session, path: path)
        } else {
            request = APIRequest(method: .post, path: path, headers: [.contentType: "application/sdp"], body: Data(parameters.sdp.utf8))
        }
        request.headers[.accept] = "application/sdp"
        let response = try await client.send(request, options: options)
        let location = response.headers[.location]
        let callID = location.flatMap { $0.split(separator: "/").last.map(String.init) }
        return RealtimeCallAnswer(sdp: String(decoding: response.body, as: UTF8.self), callID: callID, location: location)
    }

    public func acceptRealtimeCall(callID: String, session: RealtimeSessionConfiguration, options: RequestOptions) async throws {
        _ = try await client.send(.json(.post, try realtimeCallPath(callID, "accept"), body: session), options: options)
    }

    public func hangUpRealtimeCall(callID: String, options: RequestOptions) async throws {
        _ = try await client.send(APIRequest(method: .post, path: try realtimeCallPath(callID, "hangup")), options: options)
    }

    public func referRealtimeCall(callID: String, targetURI: String, options: RequestOptions) async throws {
        struct Body: Encodable {
            let targetURI: String
            enum CodingKeys: String, CodingKey { case targetURI = "target_uri" }
        }
        _ = try await client.send(.json(.post, try realtimeCallPath(callID, "refer"), body: Body(targetURI: targetURI)), options: options)
    }

    public func rejectRealtimeCall(callID: String, statusCode: SIPStatusCode?, options: RequestOptions) async throws {
        struct Body: Encodable {
            let statusCode: Int?
            enum CodingKeys: String, CodingKey { case statusCode = "status_code" }
        }
        _ = try await client.send(
            .json(.post, try realtimeCallPath(callID, "reject"), body: Body(statusCode: statusCode?.rawValue)), options: options)
    }

    public func createRealtimeTranslationClientSecret(
        parameters: RealtimeTranslationClientSecretParameters, options: RequestOptions
    ) async throws -> RealtimeTranslationClientSecret {
        let path = try routing.openAIOnlyPath("/realtime/translations/client_secrets", feature: "Realtime translation")
        return try await client.decode(RealtimeTranslationClientSecret.self, for: .json(.post, path, body: parameters), options: options)
    }

    private func realtimeCallPath(_ callID: String, _ action: String) throws -> String {
        try routing.v1OnlyPath("/realtime/calls/\(Self.pathComponent(callID))/\(action)", feature: "Realtime calls")
    }

    /// The offer and the session as the two parts of a multipart form, each with its own content type
    /// (`application/sdp`, `application/json`) and no file name, as the API reads them.
    private static func callForm(sdp: String, session: RealtimeSessionConfiguration, path: String) throws -> APIRequest {
        let sessionJSON: Data
        do {
            sessionJSON = try OrderedJSONEncoder().encode(session)
        } catch {
            throw APIError(kind: .invalidRequest, message: "Could not encode the session: \(error)")
        }
        let boundary = "SwiftAI-" + UUID().uuidString
        var body = Data()
        for (name, contentType, data) in [("sdp", "application/sdp", Data(sdp.utf8)), ("session", "application/json", sessionJSON)] {
            body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\nContent-Type: \(contentType)\r\n\r\n".utf8))
            body.append(data)
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return APIRequest(method: .post, path: path, headers: [.contentType: "multipart/form-data; boundary=\(boundary)"], body: body)
    }
}
