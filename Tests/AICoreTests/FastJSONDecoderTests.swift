@_spi(Streaming) import AICore
import AISandbox
import Foundation
import Testing

// FastJSONDecoder's contract: for any input and any Decodable type, the same value as JSONDecoder or the same
// error; and for ordinary payloads it gets there without handing the document to JSONDecoder. Every check
// here is differential: JSONDecoder on this machine is the reference, never a value written down by hand.

// MARK: - Differential helpers

/// How FastJSONDecoder is expected to reach a successful result.
private enum Route {
    /// By its own fast path (what payloads on the hot path must do).
    case fastPath
    /// By handing the document to JSONDecoder (what it does when it can't guarantee the same result).
    case fallback
    case either
}

/// A structural description of a decoded value, to compare results exactly: floating-point values by bit
/// pattern (-0.0 and 0.0 differ), strings by UTF-8 (not by canonical equivalence), dictionaries in key order.
private func fingerprint(_ value: Any) -> String {
    switch value {
    case let value as Double: return "Double(\(value.bitPattern))"
    case let value as Float: return "Float(\(value.bitPattern))"
    case let value as String: return "String(\(Array(value.utf8)))"
    case let value as Data: return "Data(\(Array(value)))"
    case let value as Date: return "Date(\(value.timeIntervalSinceReferenceDate.bitPattern))"
    case let value as URL: return "URL(\(value.absoluteString))"
    case let value as Decimal: return "Decimal(\(value))"
    default: break
    }
    let mirror = Mirror(reflecting: value)
    if mirror.children.isEmpty { return "\(type(of: value))(\(value))" }
    var children = mirror.children.map { "\($0.label ?? "_"):\(fingerprint($0.value))" }
    if mirror.displayStyle == .dictionary { children.sort() }
    return "\(type(of: value)){\(children.joined(separator: ","))}"
}

/// Decodes `data` as `type` with both decoders: both succeed with the same value, or both fail with the same
/// error (the same description, which includes the coding path). `route` says whether FastJSONDecoder must
/// get its result itself or hand the document to JSONDecoder.
///
/// `exactError: false` only checks that both fail: where a failure depends on the order of a dictionary
/// (several bad members of a `[String: X]`, say), JSONDecoder itself reports a different one from call to call.
@discardableResult
private func expectSameDecoding<T: Decodable>(
    _ type: T.Type, _ data: Data, route: Route = .fastPath, exactError: Bool = true,
    sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
    let expected = Result { try JSONDecoder().decode(type, from: data) }
    let actual = Result { try FastJSONDecoder().decode(type, from: data) }
    // `decode` returns the fast path's result when there is one; asked separately to check the route.
    let fastPath = route == .either ? nil : FastJSONDecoder().fastPathResult(type, from: data)
    let input = String(decoding: data.prefix(300), as: UTF8.self)
    switch (expected, actual) {
    case (.success(let expected), .success(let actual)):
        #expect(
            fingerprint(expected) == fingerprint(actual), "\(T.self) from \(input): \(expected) vs \(actual)",
            sourceLocation: sourceLocation)
        if let fastPath {
            #expect(
                fingerprint(expected) == fingerprint(fastPath), "fast path: \(expected) vs \(fastPath)",
                sourceLocation: sourceLocation)
        }
        switch route {
        case .fastPath:
            #expect(fastPath != nil, "\(T.self) from \(input) fell back to JSONDecoder", sourceLocation: sourceLocation)
        case .fallback:
            #expect(fastPath == nil, "\(T.self) from \(input) took the fast path", sourceLocation: sourceLocation)
        case .either: break
        }
    case (.failure(let expected), .failure(let actual)):
        if exactError {
            #expect(String(describing: expected) == String(describing: actual), sourceLocation: sourceLocation)
        }
    case (.success(let expected), .failure(let actual)):
        Issue.record(
            "\(T.self) from \(input): JSONDecoder gives \(expected), FastJSONDecoder throws \(actual)", sourceLocation: sourceLocation)
    case (.failure(let expected), .success(let actual)):
        Issue.record(
            "\(T.self) from \(input): JSONDecoder throws \(expected), FastJSONDecoder gives \(actual)", sourceLocation: sourceLocation)
    }
    if case .success = expected { return true }
    return false
}

private func expectSameDecoding<T: Decodable>(
    _ type: T.Type, _ json: String, route: Route = .fastPath, sourceLocation: SourceLocation = #_sourceLocation
) {
    expectSameDecoding(type, Data(json.utf8), route: route, sourceLocation: sourceLocation)
}

/// Both decoders fail on `json` as `type`, with the same error.
private func expectSameFailure<T: Decodable>(_ type: T.Type, _ json: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(throws: (any Error).self, sourceLocation: sourceLocation) { try JSONDecoder().decode(type, from: Data(json.utf8)) }
    expectSameDecoding(type, Data(json.utf8), sourceLocation: sourceLocation)
}

/// Runs `body` and writes down what it returned or threw, as decoding code that catches errors would see it.
private func outcome(_ body: () throws -> Any) -> String {
    do { return "value \(try body())" } catch { return "\(type(of: error)): \(error)" }
}

// MARK: - Model shapes

// Types whose values hold dictionaries are also Encodable: the debug check of every decode against JSONDecoder
// (FastJSONDecoder+Verification.swift) then compares them as JSON with sorted keys, not by their descriptions,
// which list a dictionary in its own order.

private struct Person: Codable {
    struct Address: Codable {
        var street: String
        var zip: String?
    }
    var name: String
    var age: Int
    var email: String?
    var tags: [String]
    var address: Address?
    var friends: [Person]?
}

private enum Role: String, Codable { case user, assistant, system }
private enum Level: Int, Codable { case low = 1, high = 2 }

/// The `unknown(String)` fallback pattern of our models.
private enum Status: Decodable {
    case active, inactive, unknown(String)

    init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(String.self)
        switch value {
        case "active": self = .active
        case "inactive": self = .inactive
        default: self = .unknown(value)
        }
    }
}

/// Swift's synthesized Codable for associated values (decodes through `allKeys`).
private enum Shape: Codable {
    case circle(radius: Double)
    case rectangle(width: Double, height: Double)
    case point
    case labeled(String, Int)
}

/// A union decoded with `try?`, as our models do: the first type that decodes wins.
private enum Union: Codable {
    case bool(Bool)
    case int(Int)
    case int8(Int8)
    case double(Double)
    case float(Float)
    case string(String)
    case strings([String])
    case shape(Shape)
    case person(Person)
    case object([String: JSONValue])
    case null

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int8.self) {
            self = .int8(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Float.self) {
            self = .float(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([String].self) {
            self = .strings(value)
        } else if let value = try? Shape(from: decoder) {
            self = .shape(value)
        } else if let value = try? container.decode(Person.self) {
            self = .person(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .bool(let value): try container.encode(["bool": value])
        case .int(let value): try container.encode(["int": value])
        case .int8(let value): try container.encode(["int8": value])
        case .double(let value): try container.encode(["double": value])
        case .float(let value): try container.encode(["float": value])
        case .string(let value): try container.encode(["string": value])
        case .strings(let value): try container.encode(["strings": value])
        case .shape(let value): try container.encode(["shape": value])
        case .person(let value): try container.encode(["person": value])
        case .object(let value): try container.encode(["object": value])
        case .null: try container.encode("null")
        }
    }
}

private struct Renamed: Decodable {
    var firstName: String
    var lastName: String?
    var role: Role
    var level: Level?
    var status: Status
    enum CodingKeys: String, CodingKey {
        case firstName = "first_name"
        case lastName = "last-name"
        case role, level, status
    }
}

/// Every scalar type, as synthesized `decode`/`decodeIfPresent` calls of a keyed container.
private struct Scalars: Decodable {
    var bool: Bool?
    var string: String?
    var double: Double?
    var float: Float?
    var int: Int?
    var int8: Int8?
    var int16: Int16?
    var int32: Int32?
    var int64: Int64?
    var uint: UInt?
    var uint8: UInt8?
    var uint16: UInt16?
    var uint32: UInt32?
    var uint64: UInt64?
}

private struct Wrapped<T: Decodable>: Decodable { var value: T }
private struct MaybeWrapped<T: Decodable>: Decodable { var value: T? }
extension Wrapped: Encodable where T: Encodable {}
extension MaybeWrapped: Encodable where T: Encodable {}

/// Foundation types JSONDecoder special-cases.
private struct Specials: Decodable {
    var data: Data?
    var date: Date?
    var url: URL?
    var decimal: Decimal?
}

// MARK: - Tests

@Suite("FastJSONDecoder decodes exactly as JSONDecoder")
struct FastJSONDecoderTests {
    @Test("nested structs, arrays, optionals missing, null and present")
    func structs() {
        expectSameDecoding(
            Person.self,
            #"{"name":"Ada","age":36,"email":null,"tags":["a","b"],"address":{"street":"1 Main","zip":"02139"},"friends":[{"name":"Bob","age":1,"tags":[]}]}"#)
        expectSameDecoding(Person.self, #"{"name":"Ada","age":36,"tags":[]}"#)
        expectSameDecoding(Person.self, #"{"tags":[],"age":36,"name":"wire order differs"}"#)
        expectSameDecoding(Person.self, #"{"name":"Ada","age":36,"tags":[],"address":{"street":"x","zip":null},"friends":null}"#)
        expectSameDecoding(Person.self, #"{"name":"Ada","age":36,"tags":[],"unknown":{"deep":[1,{"x":[]}]},"more":"skipped"}"#)
        expectSameFailure(Person.self, #"{"name":"Ada","tags":[]}"#)  // missing key
        expectSameFailure(Person.self, #"{"name":null,"age":1,"tags":[]}"#)  // null for non-optional
        expectSameFailure(Person.self, #"{"name":"Ada","age":"36","tags":[]}"#)  // wrong kind
        expectSameFailure(Person.self, #"{"name":"Ada","age":36,"tags":[1]}"#)  // wrong element kind, coding path with index
        expectSameFailure(Person.self, #"{"name":"Ada","age":36,"tags":[],"friends":[{"name":"B","age":1,"tags":[null]}]}"#)
        expectSameFailure(Person.self, #"[]"#)
        expectSameFailure(Person.self, #"null"#)
        expectSameFailure([Person].self, #"{}"#)
        expectSameFailure([Person].self, #"[null]"#)
    }

    @Test("enums: raw values, unknown fallback, associated values, unions with try?")
    func enums() {
        expectSameDecoding(Renamed.self, #"{"first_name":"A","last-name":"B","role":"assistant","level":2,"status":"active"}"#)
        expectSameDecoding(Renamed.self, #"{"first_name":"A","role":"system","status":"brand-new"}"#)
        expectSameFailure(Renamed.self, #"{"first_name":"A","role":"robot","status":"active"}"#)
        expectSameFailure(Renamed.self, #"{"first_name":"A","role":"user","level":3,"status":"active"}"#)
        expectSameFailure(Renamed.self, #"{"firstName":"A","role":"user","status":"active"}"#)
        for json in [
            #"{"circle":{"radius":1.5}}"#, #"{"rectangle":{"width":2,"height":3}}"#, #"{"point":{}}"#,
            #"{"labeled":{"_0":"x","_1":7}}"#, #"{"circle":{"radius":1},"unknown":1}"#,
            #"{"circle":{"radius":1},"circle":{"radius":2}}"#,
        ] {
            expectSameDecoding(Shape.self, json)
        }
        for json in [#"{"circle":{"radius":1},"point":{}}"#, #"{}"#, #"{"circle":{}}"#, #"{"triangle":{}}"#, #"[]"#] {
            expectSameFailure(Shape.self, json)
        }
        for json in [
            "true", "1", "-128", "300", "1.5", "1e3", "3.5e38", "1e400", #""s""#, #"["a","b"]"#, #"["a",1]"#,
            #"{"circle":{"radius":2}}"#, #"{"name":"n","age":1,"tags":[]}"#, #"{"k":[1,{"x":null}]}"#, "null", "[[]]",
        ] {
            expectSameDecoding(Union.self, json)
        }
        expectSameDecoding([Union].self, #"[1, 2.5, "x", null, true, [], {"point":{}}, {"other":1}, 99999999999999999999]"#)
    }

    @Test("dictionaries and JSONValue of every kind")
    func dictionariesAndJSONValues() {
        expectSameDecoding([String: Int].self, #"{"a":1,"b":2,"":3,"é":4}"#)
        expectSameDecoding([String: Person].self, #"{"x":{"name":"a","age":1,"tags":[]}}"#)
        expectSameDecoding([String: [String: Double]].self, #"{"x":{"y":1.5},"z":{}}"#)
        expectSameDecoding([Int: String].self, #"{"1":"a","-2":"b"}"#)
        expectSameFailure([Int: String].self, #"{"1":"a","x":"b"}"#)
        expectSameFailure([String: Int].self, #"{"a":1,"b":"2"}"#)
        expectSameDecoding([String: JSONValue].self, #"{"tool":"search","args":{"q":"swift","n":3,"f":0.5,"tags":["a"],"x":null,"ok":true}}"#)
        for json in [
            "0", "-0", "1", "-1", "1.0", "1.5", "-0.0", "1e3", "1E-3", "2.5e+2", "0.1", "123456789012345678",
            "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
            "99999999999999999999", "1e308", "1.7976931348623157e308", "5e-324", "4.9e-324", "2.2250738585072014e-308",
            "true", "false", "null", #""""#, #""plain""#, #""esc\"aped\\ \/ \b\f\n\r\t""#, #""\u0000\u001f\u00e9\u4e2d""#,
            #""\ud83d\ude00 and raw 😀 é 中""#, #""\uD834\uDD1E""#, "[]", "{}", "[1,[2,[3,[]]],{}]",
            #"{"a":{"b":{"c":[1,2.5,"x",null,true,false,{}]}}}"#, #"{"dup":1,"dup":2}"#, #"{"k\u00e9y":1,"key":2}"#,
        ] {
            expectSameDecoding(JSONValue.self, json)
        }
    }

    @Test("integers: overflow, fractions, exponents, signs")
    func integers() {
        let numbers = [
            "0", "-0", "1", "-1", "127", "128", "-128", "-129", "255", "256", "-1.0", "1.0", "1.5", "1e2", "1E2", "1e-2",
            "0.1e1", "1.00000000000000001", "-0.0", "1e-400", "1e400", "32767", "32768", "65535", "65536", "2147483647",
            "2147483648", "4294967295", "4294967296", "9007199254740992", "9007199254740993", "9007199254740993.0",
            "9.007199254740993e15", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
            "-9223372036854775809", "18446744073709551615", "18446744073709551616", "99999999999999999999", "1e19",
            "1.8446744073709552e19", "12345678901234567890123", "0.000001e6", "100e-2", "true", #""1""#, "null", "[1]",
        ]
        for number in numbers {
            expectSameDecoding(Int.self, number, route: .either)
            expectSameDecoding(Int8.self, number, route: .either)
            expectSameDecoding(Int16.self, number, route: .either)
            expectSameDecoding(Int32.self, number, route: .either)
            expectSameDecoding(Int64.self, number, route: .either)
            expectSameDecoding(UInt.self, number, route: .either)
            expectSameDecoding(UInt8.self, number, route: .either)
            expectSameDecoding(UInt16.self, number, route: .either)
            expectSameDecoding(UInt32.self, number, route: .either)
            expectSameDecoding(UInt64.self, number, route: .either)
            expectSameDecoding([Int].self, "[\(number)]", route: .either)
            expectSameDecoding([UInt8].self, "[\(number)]", route: .either)
            expectSameDecoding(Wrapped<Int>.self, #"{"value":\#(number)}"#, route: .either)
            expectSameDecoding(Wrapped<Int8>.self, #"{"value":\#(number)}"#, route: .either)
            expectSameDecoding(MaybeWrapped<UInt64>.self, #"{"value":\#(number)}"#, route: .either)
        }
        // What the fast path decodes itself: integers as written, or written with a fraction below 2^53.
        expectSameDecoding(Int.self, "-9223372036854775808")
        expectSameDecoding(UInt64.self, "18446744073709551615")
        expectSameDecoding(Int.self, "1.0")
        expectSameDecoding(Int.self, "1e2")
        expectSameDecoding(Int.self, "1e-400")
        expectSameDecoding(Int8.self, "-128")
        // Past 2^53 with a fraction, JSONDecoder consults Foundation's decimal parser: left to it.
        expectSameDecoding(Int.self, "9007199254740993.0", route: .fallback)
    }

    @Test("floating point: range, precision, underflow, zeros")
    func floatingPoint() {
        var numbers = [
            "0", "-0", "0.0", "-0.0", "0e10", "0.1", "0.2", "0.3", "1.5", "1e3", "-1e-3", "1e400", "-1e400", "1e-400", "1e-50",
            "3.4028235e38", "3.4028236e38", "3.5e38", "-3.5e38", "1.17549435e-38", "1.4e-45", "1e-45", "7e-46", "1e-46",
            "1.7976931348623157e308", "1.7976931348623159e308", "2.2250738585072011e-308", "4.9406564584124654e-324",
            "2.4703282292062328e-324", "2.4703282292062327e-324", "9007199254740993", "123456789012345678901234567890",
            "0.30000000000000004", "1.00000000000000011102230246251565404236316680908203125", "100000000000000000000000",
            "8.98846567431158e307", "0.000000000000000000000000000001", "1e22", "1e23", "123456.789e-5",
            "-0.006929283495992422", "0.015193845704197884", "1.0000000000000002", "3.141592653589793238462643383279",
            "12345678901234567.0", "0.1234567890123456789", "9999999999999999999", "18446744073709551616e-10",
            "true", #""1.5""#, "null",
        ]
        // Decimal representations around rounding boundaries (halfway cases) of Double and Float.
        for value in [0.1, 1.0 / 3.0, 2.0 / 3.0, 1e23, Double.leastNonzeroMagnitude, 1.7976931348623157e308] {
            numbers.append("\(value)")
            numbers.append("\(value.nextUp)")
        }
        numbers.append("9007199254740993")  // 2^53 + 1: halfway between two Doubles
        numbers.append("16777217")  // 2^24 + 1: halfway between two Floats
        numbers.append("33554435")  // halfway, rounds to even upwards
        numbers.append("1.00000005960464477539062500")  // Float halfway above 1
        numbers.append("1.000000059604644775390625001")
        // Just above that midpoint, within half a Double ulp of it: rounding through Double would tie to even.
        numbers.append("1.000000059604644776")
        numbers.append("-1.000000059604644776")
        for number in numbers {
            expectSameDecoding(Double.self, number, route: .either)
            expectSameDecoding(Float.self, number, route: .either)
            expectSameDecoding([Double].self, "[\(number)]", route: .either)
            expectSameDecoding([Float].self, "[\(number)]", route: .either)
            expectSameDecoding(Wrapped<Double>.self, #"{"value":\#(number)}"#, route: .either)
            expectSameDecoding(MaybeWrapped<Float>.self, #"{"value":\#(number)}"#, route: .either)
        }
        expectSameDecoding(Double.self, "0.1")
        expectSameDecoding(Double.self, "-0.006929283495992422")
        expectSameDecoding(Float.self, "3.4028235e38")
        expectSameDecoding(Double.self, "1e400", route: .either)
    }

    @Test("random decimal texts convert exactly as JSONDecoder converts them")
    func randomNumbers() {
        var random = SplitMix64(seed: 7)
        var texts: [String] = []
        for _ in 0..<3000 {
            let digits = Int(random.next() % 22) + 1
            var text = random.next() % 2 == 0 ? "-" : ""
            text += String(random.next() % 9 + 1)
            for _ in 1..<digits { text += String(random.next() % 10) }
            if random.next() % 2 == 0 {
                let point = Int(random.next() % UInt64(text.count)) + 1
                text = String(text.prefix(point)) + "." + String(text.dropFirst(point))
                if text.hasSuffix(".") { text += "0" }
                if text.hasPrefix("-.") || text.hasPrefix(".") { text = text.replacingOccurrences(of: ".", with: "0.") }
            }
            if random.next() % 3 == 0 { text += "e\(Int(random.next() % 80) - 40)" }
            texts.append(text)
        }
        for value in (0..<1000).map({ _ in Double(bitPattern: random.next() & ~(0x7FF << 52) | (UInt64(random.next() % 0x7FE) << 52)) }) {
            texts.append("\(value)")
            if Float(value).isFinite, Float(value) != 0 { texts.append("\(Float(value))") }
            texts.append("\(Double(Float(Int(random.next() % 2_000_000)) / 1_000_000))")
        }
        // Shortest texts of Doubles that sit exactly on a Float rounding midpoint: the text's own value is a hair
        // off the midpoint, so converting it through Double (which lands on the midpoint) would round wrongly.
        var floatMidpoints: [String] = []
        for _ in 0..<1000 {
            let float = Float(bitPattern: UInt32(truncatingIfNeeded: random.next()) & 0x7EFF_FFFF)
            guard float.isFinite, float.nextUp.isFinite else { continue }
            let midpoint = Double(float) + (Double(float.nextUp) - Double(float)) / 2
            floatMidpoints.append("\(midpoint)")
        }
        texts += floatMidpoints
        let document = "[" + texts.joined(separator: ",") + "]"
        // Fraction-free texts that overflow Int go to JSONDecoder; per number, so a failing one is found.
        expectSameDecoding([Double].self, document)
        expectSameDecoding([Float].self, document, route: .either)
        for text in texts.prefix(600) + floatMidpoints.prefix(300) {
            expectSameDecoding(Double.self, text)
            expectSameDecoding(Float.self, text, route: .either)
        }
    }

    @Test("scalars of the wrong kind, from every container kind")
    func scalarKinds() {
        let values = ["true", "false", "1", "-1", "1.5", #""text""#, #""1""#, "null", "[]", "{}", "[1]", #"{"a":1}"#]
        for value in values {
            expectSameDecoding(Bool.self, value, route: .either)
            expectSameDecoding(String.self, value, route: .either)
            expectSameDecoding(Scalars.self, #"{"bool":\#(value)}"#, route: .either)
            expectSameDecoding(Scalars.self, #"{"string":\#(value)}"#, route: .either)
            expectSameDecoding(Scalars.self, #"{"int16":\#(value),"uint32":\#(value)}"#, route: .either)
            expectSameDecoding(Scalars.self, #"{"double":\#(value),"float":\#(value)}"#, route: .either)
            expectSameDecoding(Wrapped<Bool>.self, #"{"value":\#(value)}"#, route: .either)
            expectSameDecoding(Wrapped<String>.self, #"{"value":\#(value)}"#, route: .either)
            expectSameDecoding([Bool].self, "[\(value)]", route: .either)
            expectSameDecoding([String].self, "[\(value)]", route: .either)
            expectSameDecoding([Int16?].self, "[\(value)]", route: .either)
            expectSameDecoding([String?].self, "[\(value), \(value)]", route: .either)
        }
        expectSameDecoding(Scalars.self, #"{"bool":true,"string":"s","double":1.5,"float":0.5,"int":-1,"int8":-8,"int16":16,"int32":32,"int64":64,"uint":1,"uint8":8,"uint16":16,"uint32":32,"uint64":64}"#)
        expectSameDecoding(Scalars.self, "{}")
    }

    @Test("errors that decoding code catches are JSONDecoder's, message and coding path included")
    func caughtErrors() {
        /// Tries everything on one object and writes down each outcome.
        struct Probe: Decodable, Equatable {
            var log: [String] = []
            enum Key: String, CodingKey { case int, fraction, big, string, null, array, object, missing }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: Key.self)
                for key in [Key.int, .fraction, .big, .string, .null, .array, .object, .missing] {
                    log.append(outcome { try container.decode(Bool.self, forKey: key) })
                    log.append(outcome { try container.decode(Int.self, forKey: key) })
                    log.append(outcome { try container.decode(UInt8.self, forKey: key) })
                    log.append(outcome { try container.decode(Float.self, forKey: key) })
                    log.append(outcome { try container.decode(String.self, forKey: key) })
                    log.append(outcome { try container.decodeIfPresent(Int.self, forKey: key) as Any })
                    log.append(outcome { try container.decode([Int].self, forKey: key) })
                    log.append(outcome { try container.decode([String: Int].self, forKey: key) })
                    log.append(outcome { try container.decode(Person.self, forKey: key) })
                    log.append(outcome { try container.decode(Role.self, forKey: key) })
                    log.append(outcome { try container.decode(Date.self, forKey: key) })
                    log.append(outcome { try container.decode(URL.self, forKey: key) })
                    log.append(outcome { try container.decodeNil(forKey: key) })
                    log.append(outcome { try container.nestedContainer(keyedBy: Key.self, forKey: key).allKeys.map(\.stringValue).sorted() })
                    log.append(outcome { try container.nestedUnkeyedContainer(forKey: key).count as Any })
                    log.append(outcome { try Person(from: container.superDecoder(forKey: key)) })
                    log.append(outcome { try container.superDecoder(forKey: key).codingPath.map(\.stringValue) })
                }
                log.append(outcome { container.allKeys.map(\.stringValue).sorted() })
                log.append(outcome { container.codingPath.map(\.stringValue) })
                log.append(outcome { try container.superDecoder().singleValueContainer().decodeNil() })
                let single = try decoder.singleValueContainer()
                log.append(outcome { try single.decode(Int.self) })
                log.append(outcome { try single.decode([String: JSONValue].self) })
                log.append(outcome { try decoder.unkeyedContainer().count as Any })
            }
        }
        let object = #"{"int":300,"fraction":1.5,"big":1e400,"string":"x","null":null,"array":[1,"2"],"object":{"int":1,"x":[]}}"#
        expectSameDecoding(Probe.self, object)
        expectSameDecoding([Probe].self, "[\(object),\(object)]")
        expectSameDecoding([String: Probe].self, #"{"first":\#(object)}"#)
        expectSameDecoding(Wrapped<[Probe]>.self, #"{"value":[\#(object)]}"#)
    }

    @Test("unkeyed containers: count, decodeNil, what advances at the end, nested containers")
    func unkeyed() {
        struct Probe: Decodable, Equatable {
            var log: [String] = []
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                log.append("\(container.count as Any) \(container.currentIndex) \(container.isAtEnd)")
                while !container.isAtEnd {
                    let index = container.currentIndex
                    log.append(outcome { try container.decodeNil() })
                    log.append(outcome { try container.decode(Int.self) })
                    log.append(outcome { try container.decode(Bool.self) })
                    log.append(outcome { try container.decode(Role.self) })
                    log.append(outcome { try container.decodeIfPresent(Float.self) as Any })
                    if container.currentIndex == index {
                        log.append(outcome { try container.nestedUnkeyedContainer().count as Any })
                    }
                    if container.currentIndex == index {
                        log.append(outcome { try container.nestedContainer(keyedBy: AnyKey.self).allKeys.map(\.stringValue).sorted() })
                    }
                    if container.currentIndex == index { log.append(outcome { try container.decode(String.self) }) }
                    if container.currentIndex == index { log.append(outcome { try container.superDecoder().codingPath.count }) }
                    log.append("at \(container.currentIndex) \(container.isAtEnd)")
                }
                log.append(outcome { try container.decodeNil() })
                log.append(outcome { try container.decode(Int.self) })
                log.append(outcome { try container.decode([Int].self) })
                log.append(outcome { try container.decodeIfPresent(Int.self) as Any })
                log.append(outcome { try container.decodeIfPresent(String.self) as Any })
                log.append("at \(container.currentIndex) \(container.isAtEnd)")
                log.append(outcome { try container.nestedUnkeyedContainer().count as Any })
                log.append(outcome { try container.nestedContainer(keyedBy: AnyKey.self).codingPath.count })
                log.append(outcome { try container.superDecoder().codingPath.count })
            }
        }
        struct AnyKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        expectSameDecoding(Probe.self, #"[null, 1, true, "user", 2.5, [1,2], {"a":1,"b":[]}, "s", "robot", 1.5, 300, {}]"#)
        expectSameDecoding(Probe.self, "[]")
        expectSameDecoding([Probe].self, #"[[1], [null, "x"]]"#)
        expectSameDecoding([[Int]].self, "[[1,2],[],[3]]")
        expectSameDecoding([[String?]?].self, #"[["a",null],null,[]]"#)
        expectSameFailure([[Int]].self, "[[1,2],[null]]")
    }

    @Test("special types: Data, Date, URL, Decimal")
    func specialTypes() {
        expectSameDecoding(Specials.self, #"{"data":"aGVsbG8=","date":12.5,"url":"https://example.com/a?b=c"}"#)
        expectSameDecoding(Specials.self, #"{"data":"","date":-1e9,"url":"relative/path"}"#)
        expectSameDecoding(Specials.self, #"{"data":null,"date":null,"url":null,"decimal":null}"#)
        expectSameDecoding(Specials.self, #"{"url":"https://x.com/a b"}"#)
        expectSameDecoding(Specials.self, #"{"data":"aGVs\u0062G8="}"#)
        expectSameDecoding(Specials.self, #"{"decimal":12.50}"#, route: .fallback)
        expectSameDecoding(Specials.self, #"{"data":"aGVsbG8"}"#, route: .either)  // unpadded: left to JSONDecoder
        for json in [
            #"{"data":"not base64!"}"#, #"{"data":1}"#, #"{"date":"2024-01-01"}"#, #"{"url":""}"#, #"{"url":"http://[::1"}"#,
            #"{"url":1}"#, #"{"decimal":"1"}"#, #"{"decimal":1e999999}"#,
        ] {
            expectSameDecoding(Specials.self, json, route: .either)
        }
        expectSameDecoding(Data.self, #""AAEC""#)
        expectSameDecoding(Date.self, "0")
        expectSameDecoding(URL.self, #""file:///tmp/x""#)
        expectSameDecoding([URL].self, #"["https://a.b", "b"]"#)
        expectSameDecoding([Data].self, #"["AA==", null]"#, route: .either)
        expectSameDecoding(Decimal.self, "1.25", route: .fallback)
        expectSameDecoding([Date?].self, "[1, null, 2.5]")
        for text in ["aGVsbG9=", "aGVsbG8=\\n", "aGVsbA==", "aGVsbA=", "aGVsbA", "====", "a", "YQ==YQ==", "\\u0061GVsbG8="] {
            expectSameDecoding(Data.self, "\"\(text)\"", route: .either)
        }
    }

    @Test("decoders and containers kept past the decode still read the document")
    func escapedContainers() throws {
        /// Keeps its containers and decoders, and reads them only when asked, after the decode.
        struct Keeper: Codable {
            enum Key: String, CodingKey { case name, items, base, missing }
            let container: KeyedDecodingContainer<Key>
            let items: any UnkeyedDecodingContainer
            let base: any Decoder
            let missing: any Decoder
            init(from decoder: any Decoder) throws {
                container = try decoder.container(keyedBy: Key.self)
                items = try container.nestedUnkeyedContainer(forKey: .items)
                base = try container.superDecoder(forKey: .base)
                missing = try container.superDecoder(forKey: .missing)
            }
            func read() -> [String] {
                var items = items
                return [
                    outcome { try container.decode(String.self, forKey: .name) },
                    outcome { try items.decode(Int.self) }, outcome { try items.decode(String.self) },
                    outcome { try base.container(keyedBy: Key.self).decode(String.self, forKey: .name) },
                    outcome { try missing.singleValueContainer().decodeNil() },
                    outcome { try container.decode(Int.self, forKey: .missing) },
                    outcome { container.codingPath.count + base.codingPath.count },
                ]
            }
            /// What it reads (for the debug check of decodes against JSONDecoder).
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(read())
            }
        }
        let json = #"{"name":"a long enough name to be on the heap","items":[1,"two"],"base":{"name":"base name, also long"}}"#
        var data = Data(json.utf8)
        let fast = try FastJSONDecoder().decode(Keeper.self, from: data)
        let reference = try JSONDecoder().decode(Keeper.self, from: data)
        // The caller's bytes change after the decode: kept containers must not read them.
        data.resetBytes(in: 0..<data.count)
        #expect(fast.read() == reference.read())
        #expect(FastJSONDecoder().fastPathResult(Keeper.self, from: Data(json.utf8)) != nil)
    }

    @Test("superDecoder and nested containers")
    func superDecoders() {
        struct Base: Decodable { var id: Int }
        struct Derived: Decodable, Equatable {
            var id: Int?
            var name: String
            var superValue: String
            var nested: [Int]
            var inner: String
            enum Key: String, CodingKey { case name, base, nested, inner, value }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: Key.self)
                name = try container.decode(String.self, forKey: .name)
                id = try? Base(from: container.superDecoder(forKey: .base)).id
                superValue = outcome { try Base(from: container.superDecoder()).id }
                var nestedContainer = try container.nestedUnkeyedContainer(forKey: .nested)
                nested = []
                while !nestedContainer.isAtEnd { nested.append(try nestedContainer.decode(Int.self)) }
                inner = try container.nestedContainer(keyedBy: Key.self, forKey: .inner).decode(String.self, forKey: .value)
            }
        }
        expectSameDecoding(Derived.self, #"{"name":"n","base":{"id":7},"super":{"id":3},"nested":[1,2],"inner":{"value":"v"}}"#)
        expectSameDecoding(Derived.self, #"{"name":"n","nested":[],"inner":{"value":"v"}}"#)
        expectSameFailure(Derived.self, #"{"name":"n","nested":{},"inner":{"value":"v"}}"#)
        expectSameFailure(Derived.self, #"{"name":"n","nested":[],"inner":{"value":1}}"#)
        expectSameFailure(Derived.self, #"{"name":"n","nested":[]}"#)
    }

    @Test("duplicate keys: the first one wins, as in JSONDecoder, whatever the search order")
    func duplicateKeys() {
        struct Reordered: Decodable, Equatable {
            var values: [String] = []
            enum Key: String, CodingKey { case a, b, c }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: Key.self)
                for key in [Key.b, .c, .a, .b, .a, .c, .c] {
                    values.append(outcome { try container.decode(Int.self, forKey: key) })
                }
                values.append("\(container.allKeys.map(\.stringValue).sorted())")
                values.append("\(container.contains(.a)) \(container.contains(.c))")
            }
        }
        expectSameDecoding(Wrapped<Int>.self, #"{"value":1,"value":2}"#)
        expectSameDecoding([String: Int].self, #"{"a":1,"b":2,"a":3}"#)
        expectSameDecoding(Reordered.self, #"{"a":1,"b":2,"a":3}"#)
        expectSameDecoding(Reordered.self, #"{"b":1,"a":2,"c":3,"b":4,"a":5}"#)
        expectSameDecoding(Reordered.self, #"{"c":1,"c":2,"b":3}"#)
        let many = (0..<40).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
        expectSameDecoding([String: Int].self, "{\(many)}")
        expectSameDecoding([String: Int].self, #"{\#(many),"k7":99,"a":1}"#)
        expectSameDecoding(Reordered.self, #"{\#(many),"a":1,"b":2,"c":3,"a":4}"#)
    }

    @Test("keys with escapes or non-ASCII compare as Swift strings do (canonical equivalence)")
    func unicodeKeys() {
        struct Keys: Decodable, Equatable {
            var values: [String] = []
            enum Key: String, CodingKey {
                case plain = "a"
                case accented = "é"  // precomposed
                case decomposed = "e\u{301}"
                case kelvin = "K"
                case kelvinSign = "\u{212A}"
                case slash = "a/b"
            }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: Key.self)
                for key in [Key.plain, .accented, .decomposed, .kelvin, .kelvinSign, .slash, .plain] {
                    values.append(outcome { try container.decode(Int.self, forKey: key) })
                }
                values.append("\(container.allKeys.count)")
            }
        }
        for json in [
            #"{"\u0061":1,"a":2}"#, #"{"é":1}"#, #"{"e\u0301":1,"é":2}"#, #"{"K":1,"\u212A":2}"#, #"{"\u212A":1,"K":2}"#,
            #"{"a\/b":1,"a/b":2}"#, #"{"é":3,"\u00e9":4,"a":5}"#, #"{"K":1}"#,
        ] {
            expectSameDecoding(Keys.self, json)
            expectSameDecoding([String: Int].self, json)
            expectSameDecoding(JSONValue.self, json)
        }
    }

    @Test("top-level fragments, whitespace and malformed documents")
    func documents() {
        for json in ["1", #""s""#, "null", "true", " \n\t 1 \r\n", "-0", "[]", "{}"] {
            expectSameDecoding(JSONValue.self, json)
            expectSameDecoding(Union.self, json)
        }
        expectSameDecoding(Int?.self, "null")
        expectSameDecoding(String?.self, #""s""#)
        expectSameDecoding(String.self, #""s""#)
        var malformed = [
            "", " ", "\n", "nul", "tru", "[1,]", #"{"a":1,}"#, "[1 2]", #"{"a" 1}"#, #"{"a":}"#, "{1:2}", "01", "-", "1.", ".5",
            "1e", "+1", "1 2", #"{"a":1}x"#, #"{"a":1}}"#, "]", #""unterminated"#, #""bad \x escape""#, #""\u12""#,
            #""lone \ud83d surrogate""#, #""lone \ude00 low""#, #""\ud83d\u0041""#, "\"tab\tinside\"", "NaN", "Infinity",
            "[\"a\"\n", "\u{FEFF}{}", "{'a':1}", "[1,,2]", #"{"a":1 "b":2}"#, #"{"string":"x",}"#, #"{"string":[1,2,],"x":1}"#,
        ]
        let valid = #"{"id":"x","values":[1,2.5,{"k":"v"}],"flag":true,"none":null}"#
        for end in stride(from: 1, to: valid.utf8.count, by: 3) { malformed.append(String(valid.utf8.prefix(end))!) }
        // JSONDecoder reads some of these (trailing commas, a byte order mark); the fast path accepts strict JSON
        // only (as JSONReader), so those are handed to JSONDecoder.
        for json in malformed {
            expectSameDecoding(JSONValue.self, json, route: .fallback)
            expectSameDecoding(Scalars.self, json, route: .fallback)
        }
        // Invalid UTF-8, inside and outside strings; JSONDecoder reads some of these (unread values are not
        // checked), and FastJSONDecoder must then give what it gives.
        let invalidUTF8: [[UInt8]] = [[0x22, 0xFF, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0xFF], [0x22, 0xE2, 0x82, 0x22]]
        for bytes in invalidUTF8 {
            expectSameDecoding(JSONValue.self, Data(bytes), route: .either)
            let inObject = Data(#"{"string":"x","other":"#.utf8) + Data(bytes) + Data("}".utf8)
            expectSameDecoding(Scalars.self, inObject, route: .either)
        }
        // Encodings other than UTF-8, and a byte order mark.
        for encoding in [String.Encoding.utf16LittleEndian, .utf16BigEndian, .utf32LittleEndian, .utf16] {
            let data = #"{"string":"x"}"#.data(using: encoding)!
            expectSameDecoding(Scalars.self, data, route: .either)
        }
        expectSameDecoding(Scalars.self, Data([0xEF, 0xBB, 0xBF]) + Data(#"{"string":"x"}"#.utf8), route: .either)
    }

    @Test("deep nesting: 256 levels take the fast path, deeper decode as in JSONDecoder")
    func nesting() {
        // Types that throw nothing on the way down (each error thrown under Swift Testing costs a backtrace).
        final class DeepArray: Decodable {
            let children: [DeepArray]
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                var children: [DeepArray] = []
                while !container.isAtEnd { children.append(try container.decode(DeepArray.self)) }
                self.children = children
            }
        }
        final class DeepObject: Decodable {
            let a: DeepObject?
            let value: Int?
        }
        for depth in [255, 256, 257, 300, 513, 600] {
            let route: Route = depth <= 256 ? .fastPath : .fallback
            let array = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            expectSameDecoding(DeepArray.self, array, route: route)
            let object = String(repeating: #"{"a":"#, count: depth - 1) + #"{"value":1}"# + String(repeating: "}", count: depth - 1)
            expectSameDecoding(DeepObject.self, object, route: route)
        }
        let array = String(repeating: "[", count: 100) + "1" + String(repeating: "]", count: 100)
        expectSameDecoding(JSONValue.self, array)
        let object = String(repeating: #"{"a":"#, count: 100) + "[]" + String(repeating: "}", count: 100)
        expectSameDecoding(JSONValue.self, object)
    }

    @Test("real payload shapes")
    func payloads() {
        expectSameDecoding(
            ChatCompletionChunk.self,
            #"{"id":"chatcmpl-123","object":"chat.completion.chunk","created":1694268190,"model":"gpt-4o-mini","system_fingerprint":"fp_44709d6fcb","choices":[{"index":0,"delta":{"role":"assistant","content":" word"},"logprobs":null,"finish_reason":null}]}"#)
        expectSameDecoding(
            ChatCompletionChunk.self,
            #"{"id":"c","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"get_weather","arguments":"{\"city\":\"Paris\"}"}}]},"finish_reason":"tool_calls"}],"usage":{"prompt_tokens":10,"completion_tokens":2,"total_tokens":12}}"#)
        expectSameDecoding(
            ResponsesEvent.self,
            #"{"type":"response.output_text.delta","sequence_number":7,"item_id":"msg_1","output_index":0,"content_index":0,"delta":"Hel\u00e9lo \ud83d\ude00","logprobs":[]}"#)
        expectSameDecoding(ResponsesEvent.self, #"{"type":"response.created","sequence_number":0,"response":{"id":"r"}}"#)
        expectSameDecoding(
            AnthropicEvent.self, #"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":" word"}}"#)
        expectSameDecoding(
            AnthropicEvent.self,
            #"{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"location\": \"San Fra"}}"#)
        expectSameDecoding(AnthropicEvent.self, #"{"type":"message_stop"}"#)
        expectSameDecoding(AnthropicEvent.self, #"{"type":"ping"}"#)
        let embedding = (0..<3072).map { "\(Double(Float(sin(Double($0))) / 10))" }.joined(separator: ",")
        expectSameDecoding(
            EmbeddingsResponse.self,
            #"{"object":"list","data":[{"object":"embedding","index":0,"embedding":[\#(embedding)]}],"model":"text-embedding-3-large","usage":{"prompt_tokens":8,"total_tokens":8}}"#)
    }

    @Test("fuzz: random documents and mutations decode identically")
    func fuzz() {
        var random = SplitMix64(seed: 0x5EED)
        var fastPathCount = 0
        let inputs = 20_000
        for round in 0..<inputs {
            var bytes: [UInt8]
            switch round % 4 {
            case 0: bytes = Array(FuzzJSON.value(&random, depth: 0).utf8)
            case 1: bytes = FuzzJSON.mutate(Array(FuzzJSON.value(&random, depth: 0).utf8), &random)
            case 2: bytes = FuzzJSON.mutate(Array(FuzzJSON.record(&random).utf8), &random)
            default: bytes = (0..<Int(random.next() % 12)).map { _ in FuzzJSON.byte(&random) }
            }
            let data = Data(bytes)
            // Text JSONDecoder can't read fails the same way whatever the type (checked as JSONValue); the struct
            // is decoded from the rest, which keeps the test quick (every error thrown under Swift Testing
            // costs a backtrace).
            if expectSameDecoding(JSONValue.self, data, route: .either, exactError: false) {
                expectSameDecoding(FuzzRecord.self, data, route: .either, exactError: false)
            }
            if round % 10 == 0, FastJSONDecoder().fastPathResult(JSONValue.self, from: data) != nil { fastPathCount += 1 }
        }
        // The valid documents (a quarter of the inputs at least) must take the fast path.
        #expect(fastPathCount >= inputs / 40)
    }
}

// MARK: - Payload types

private struct ChatCompletionChunk: Decodable {
    struct Choice: Decodable {
        struct Delta: Decodable {
            struct ToolCall: Decodable {
                struct Function: Decodable {
                    var name: String?
                    var arguments: String?
                }
                var index: Int
                var id: String?
                var type: String?
                var function: Function?
            }
            var role: Role?
            var content: String?
            var refusal: String?
            var toolCalls: [ToolCall]?
            enum CodingKeys: String, CodingKey {
                case role, content, refusal
                case toolCalls = "tool_calls"
            }
        }
        var index: Int
        var delta: Delta
        var logprobs: JSONValue?
        var finishReason: String?
        enum CodingKeys: String, CodingKey {
            case index, delta, logprobs
            case finishReason = "finish_reason"
        }
    }
    struct Usage: Decodable {
        var promptTokens: Int
        var completionTokens: Int
        var totalTokens: Int
        enum CodingKeys: String, CodingKey {
            case promptTokens = "prompt_tokens"
            case completionTokens = "completion_tokens"
            case totalTokens = "total_tokens"
        }
    }
    var id: String
    var object: String
    var created: Int
    var model: String
    var systemFingerprint: String?
    var choices: [Choice]
    var usage: Usage?
    enum CodingKeys: String, CodingKey {
        case id, object, created, model, choices, usage
        case systemFingerprint = "system_fingerprint"
    }
}

/// A Responses streaming event: a union on `type`.
private enum ResponsesEvent: Decodable {
    case outputTextDelta(itemID: String, outputIndex: Int, contentIndex: Int, delta: String, sequenceNumber: Int)
    case other(type: String, sequenceNumber: Int?)

    enum CodingKeys: String, CodingKey {
        case type, delta
        case itemID = "item_id"
        case outputIndex = "output_index"
        case contentIndex = "content_index"
        case sequenceNumber = "sequence_number"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "response.output_text.delta":
            self = .outputTextDelta(
                itemID: try container.decode(String.self, forKey: .itemID),
                outputIndex: try container.decode(Int.self, forKey: .outputIndex),
                contentIndex: try container.decode(Int.self, forKey: .contentIndex),
                delta: try container.decode(String.self, forKey: .delta),
                sequenceNumber: try container.decode(Int.self, forKey: .sequenceNumber))
        default:
            self = .other(type: type, sequenceNumber: try container.decodeIfPresent(Int.self, forKey: .sequenceNumber))
        }
    }
}

/// An Anthropic streaming event, switching on `type` with the `stringField` helper our models use.
private enum AnthropicEvent: Decodable {
    enum Delta: Decodable {
        case text(String)
        case inputJSON(String)
    }
    case contentBlockDelta(index: Int, delta: Delta)
    case messageStop
    case unknown(String)

    enum CodingKeys: String, CodingKey { case type, index, delta, text, partialJSON = "partial_json" }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .type) {
        case "content_block_delta":
            let delta = try container.nestedContainer(keyedBy: CodingKeys.self, forKey: .delta)
            let value: Delta =
                switch try delta.decode(String.self, forKey: .type) {
                case "text_delta": .text(try delta.decode(String.self, forKey: .text))
                default: .inputJSON(try delta.decode(String.self, forKey: .partialJSON))
                }
            self = .contentBlockDelta(index: try container.decode(Int.self, forKey: .index), delta: value)
        case "message_stop": self = .messageStop
        case let type: self = .unknown(type)
        }
    }
}

private struct EmbeddingsResponse: Decodable {
    struct Embedding: Decodable {
        var object: String
        var index: Int
        var embedding: [Double]
    }
    struct Usage: Decodable {
        var promptTokens: Int
        var totalTokens: Int
        enum CodingKeys: String, CodingKey {
            case promptTokens = "prompt_tokens"
            case totalTokens = "total_tokens"
        }
    }
    var object: String
    var data: [Embedding]
    var model: String
    var usage: Usage
}

// MARK: - Fuzzing

private struct FuzzRecord: Codable {
    var id: Int?
    var name: String?
    var flag: Bool?
    var score: Double?
    var small: Int8?
    var values: [Double]?
    var tags: [String: JSONValue]?
    var children: [FuzzRecord]?
    var role: Role?
}

private enum FuzzJSON {
    static let keys = ["id", "name", "flag", "score", "small", "values", "tags", "children", "role", "x", "é", "\\u0069d", "K"]
    static let strings = ["", "a", "plain text", "é", "😀", "\\n\\t\\\"", "\\u00e9", "\\ud83d\\ude00", "a\\/b", "1", "user", "system"]
    static let numbers = [
        "0", "-0", "1", "-1", "7", "127", "128", "-129", "255", "1.0", "1.5", "-2.5e3", "1e2", "0.1", "1e400", "1e-400",
        "9007199254740993", "99999999999999999999", "3.5e38", "-0.0", "123456789.123456789",
    ]

    static func value(_ random: inout SplitMix64, depth: Int) -> String {
        switch random.below(depth > 1 ? 5 : 8) {
        case 0: return "null"
        case 1: return random.below(2) == 0 ? "true" : "false"
        case 2, 3: return numbers[random.below(numbers.count)]
        case 4: return "\"\(strings[random.below(strings.count)])\""
        case 5, 6: return record(&random, depth: depth + 1)
        default:
            return "[" + (0..<random.below(3)).map { _ in value(&random, depth: depth + 1) }.joined(separator: ",") + "]"
        }
    }

    static func record(_ random: inout SplitMix64, depth: Int = 0) -> String {
        let members = (0..<random.below(3) + (depth == 0 ? 1 : 0)).map { _ in
            "\"\(keys[random.below(keys.count)])\":\(value(&random, depth: depth + 1))"
        }
        return "{" + members.joined(separator: random.below(8) == 0 ? " , " : ",") + "}"
    }

    static func byte(_ random: inout SplitMix64) -> UInt8 {
        let interesting: [UInt8] = Array(#"{}[]:,"\ 0123456789.eE+-tfnul"#.utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xC3, 0xA9, 0xED, 0xFF]
        return random.below(4) == 0 ? UInt8(truncatingIfNeeded: random.next()) : interesting[random.below(interesting.count)]
    }

    static func mutate(_ bytes: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        var bytes = bytes
        for _ in 0...random.below(2) {
            guard !bytes.isEmpty else { break }
            let at = random.below(bytes.count)
            switch random.below(4) {
            case 0: bytes[at] = byte(&random)
            case 1: bytes.removeSubrange(at...)
            case 2: bytes.insert(byte(&random), at: at)
            default: bytes.remove(at: at)
            }
        }
        return bytes
    }
}
