import AICore
import Foundation
import Testing

@Suite struct PartialJSONTests {
    static let documents = [
        #"{"title": "Moon \"Bear\" \u00e9\ud83d\ude00", "count": 12, "ratio": -1.5e2, "ok": true, "none": null, "tags": ["a", "bé", {"x": [1, 2]}], "nested": {"deep": {"z": false}}, "empty": {}, "list": []}"#,
        #"[1, 22, 333, "four", [5], {"six": 6}]"#,
        #""just a string""#,
        "  {\n\"a\" : 1 ,\t\"b\":[ ]\n}  ",
    ]

    /// Every member present in `earlier` (a complete value) is the same in `later`.
    static func isMonotone(_ earlier: JSONValue, _ later: JSONValue) -> Bool {
        switch (earlier, later) {
        case (.object(let a), .object(let b)):
            return a.allSatisfy { key, value in b[key].map { isMonotone(value, $0) } ?? false }
        case (.array(let a), .array(let b)):
            return a.count <= b.count && zip(a, b).allSatisfy { isMonotone($0, $1) }
        default:
            return earlier == later
        }
    }

    @Test(arguments: documents)
    func everyPrefixIsMonotoneAndTheWholeIsTheDocument(document: String) throws {
        let bytes = Array(document.utf8)
        let whole = try JSONValue(parsing: document)
        #expect(PartialJSON.parse(bytes, partialStrings: false) == whole)
        #expect(PartialJSON.parse(bytes) == whole)
        var previous: JSONValue?
        for length in 0...bytes.count {
            let prefix = Array(bytes[0..<length])
            let strict = PartialJSON.parse(prefix, partialStrings: false)
            if let previous, let strict {
                #expect(Self.isMonotone(previous, strict), "prefix \(length)")
            }
            if let strict { #expect(Self.isMonotone(strict, whole), "prefix \(length)") }
            previous = strict ?? previous
            // The growing form never throws and never produces invalid Unicode.
            if case .string(let text)? = PartialJSON.parse(prefix) { #expect(whole.stringValue?.hasPrefix(text) == true) }
        }
    }

    @Test func incompleteStringsGrowAndNumbersWaitForTheirEnd() {
        #expect(PartialJSON.parse(#"{"story": "Once upon a ti"#) == .object(["story": "Once upon a ti"]))
        #expect(PartialJSON.parse(#"{"story": "Once upon a ti"#, partialStrings: false) == .object([:]))
        #expect(PartialJSON.parse(#"{"n": 12"#) == .object([:]))
        #expect(PartialJSON.parse(#"{"n": 12,"#) == .object(["n": 12]))
        #expect(PartialJSON.parse(#"{"flag": tr"#) == .object([:]))
        #expect(PartialJSON.parse(#"{"na"#) == .object([:]))
        #expect(PartialJSON.parse(#"{"a": "x\u00"#) == .object(["a": "x"]))
        #expect(PartialJSON.parse(Array(#"{"a": "é"#.utf8).dropLast()) == .object(["a": ""]))
    }

    @Test func textThatIsNotJSONGivesNil() {
        #expect(PartialJSON.parse("Sure! Here is") == nil)
        #expect(PartialJSON.parse(#"{"a" 1}"#) == nil)
        #expect(PartialJSON.parse("") == nil)
    }
}
