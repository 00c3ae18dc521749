#if SwiftAIMCP
import AICore
import Foundation
import MCP
import Testing

@testable import SwiftAIMCP

/// JSON crosses between the SDK's `Value` and `JSONValue` unchanged.
struct ValueConversionTests {
    @Test func roundTripsEveryKind() {
        let json: JSONValue = [
            "null": nil, "flag": true, "count": 3, "ratio": 0.25, "name": "ü", "list": [1, "two", [false]],
            "nested": ["empty": [:], "none": []],
        ]
        #expect(JSONValue(Value(json)) == json)
        #expect(Value(json).objectValue?["count"] == .int(3))
    }

    @Test func binaryDataBecomesItsDataURL() {
        let value = Value.data(mimeType: "image/png", Data([1, 2, 3]))
        #expect(JSONValue(value) == .string("data:image/png;base64,AQID"))
    }
}
#endif
