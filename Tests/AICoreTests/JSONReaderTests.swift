import Foundation
import Testing

@_spi(Streaming) @testable import AICore

/// JSONReader's own contract: what it reads, it reads as `JSONDecoder` does; what it can't read exactly, it
/// refuses (so callers fall back to `JSONDecoder`), never a wrong value and never a crash.
@Suite("JSONReader agrees with JSONDecoder or declines")
struct JSONReaderTests {
    static let accepted: [String] = [
        #"{}"#, #"[]"#, #"null"#, #"true"#, #"false"#, #"0"#, #"-17"#, #"1.5"#, #"-0.25"#,
        #"9223372036854775807"#,
        #""plain""#, #""line\nbreak\ttab \"quoted\" back\\slash \/""#,
        #""caf\u00e9 \u4e2d\u6587 \ud83d\ude00""#, #""raw UTF-8: café 中文 😀""#,
        #" { "a" : [ 1 , 2 , { "b" : null } ] , "c" : "d" } "#,
        #"{"nested":{"deeper":{"deepest":[[],[{}],["x",true,false,null]]}}}"#,
        #"{"k\u00e9y":"escaped key","key":"plain key"}"#,
        "\n\t{\"whitespace\":\r\n1}\n",
    ]

    static let declined: [String] = [
        "", " ", "{", "[1,]", #"{"a":1,}"#, #"{"a" 1}"#, "01", "1 2", #""unterminated"#, #""bad \x escape""#,
        #""lone surrogate \ud83d""#, "tru", "nul", "NaN", "1e999", #"{"a":1}x"#,
        String(repeating: "[", count: 300) + String(repeating: "]", count: 300),
    ]

    @Test("documents it accepts read exactly as JSONDecoder reads them", arguments: accepted)
    func agrees(document: String) throws {
        let data = Data(document.utf8)
        let fast = try JSONReader.read(data) { try $0.readJSONValue() }
        #expect(fast == (try JSONDecoder().decode(JSONValue.self, from: data)))
    }

    @Test("malformed or too-deep documents are declined, not misread", arguments: declined)
    func declines(document: String) {
        #expect(throws: JSONReader.Failure.self) { _ = try JSONReader.read(Data(document.utf8)) { try $0.readJSONValue() } }
    }

    @Test("invalid UTF-8 inside a string is declined")
    func invalidUTF8() {
        var bytes = Array(#""abc""#.utf8)
        bytes[2] = 0xFF
        #expect(throws: JSONReader.Failure.self) { _ = try JSONReader.read(Data(bytes)) { try $0.readString() } }
    }

    @Test("integers: overflow and fractions are refused by readInt")
    func integers() throws {
        #expect(try JSONReader.read(Data("-42".utf8)) { try $0.readInt() } == -42)
        #expect(throws: JSONReader.Failure.self) { _ = try JSONReader.read(Data("9223372036854775808".utf8)) { try $0.readInt() } }
        #expect(throws: JSONReader.Failure.self) { _ = try JSONReader.read(Data("1.0".utf8)) { try $0.readInt() } }
    }

    @Test("object keys match by bytes, escaped or not")
    func keys() throws {
        var seen: [String] = []
        try JSONReader.read(Data(#"{"id":1,"\u0069d":2,"other":3}"#.utf8)) { reader in
            try reader.readObject { reader, key in
                if key.matches("id") { seen.append("id=\(try reader.readInt())") } else { try reader.skipValue() }
            }
        }
        #expect(seen == ["id=1", "id=2"])
    }
}
