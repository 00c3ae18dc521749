import Foundation
import HTTPTypes

/// What a handler knows about the response it is reading.
@usableFromInline
package struct StreamContext: Sendable {
    package var status: Int
    package var headers: HTTPFields
    package var requestID: String? { APIError.requestID(in: headers) }

    package init(status: Int, headers: HTTPFields) {
        self.status = status
        self.headers = headers
    }
}
