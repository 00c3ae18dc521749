import Foundation

/// What a handler knows about the response it is reading.
package struct StreamContext: Sendable {
    package var status: Int
    package var headers: HTTPHeaderFields
    package var requestID: String? { APIError.requestID(in: headers) }

    package init(status: Int, headers: HTTPHeaderFields) {
        self.status = status
        self.headers = headers
    }
}
