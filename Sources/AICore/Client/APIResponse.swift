import Foundation
import HTTPTypes

/// A buffered response: head and whole body.
package struct APIResponse: Sendable {
    package var status: HTTPResponse.Status
    package var headers: HTTPFields
    package var body: Data
    /// The provider's request id, when the response carried one.
    package var requestID: String? { APIError.requestID(in: headers) }
}
