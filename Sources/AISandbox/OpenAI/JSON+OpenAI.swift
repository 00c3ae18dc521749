import AIServerKit

/// Readings of request bodies that the OpenAI routes share: arrays of one kind (the API takes `"input": "text"`,
/// `["a", "b"]`, `[1, 2]` or `[[1, 2]]` and tells them apart by element type) and values quoted in error messages.
extension JSON {
    /// The elements, when this is an array of strings only (an empty array included).
    var strings: [String]? {
        guard let array else { return nil }
        var strings: [String] = []
        strings.reserveCapacity(array.count)
        for element in array {
            guard let string = element.string else { return nil }
            strings.append(string)
        }
        return strings
    }

    /// The elements, when this is an array of integers only (an empty array included).
    var integers: [Int]? {
        guard let array else { return nil }
        var integers: [Int] = []
        integers.reserveCapacity(array.count)
        for element in array {
            guard let integer = element.int else { return nil }
            integers.append(integer)
        }
        return integers
    }

    /// The elements, when this is an array of objects only (an empty array included).
    var objects: [JSON]? {
        guard let array, array.allSatisfy({ $0.object != nil }) else { return nil }
        return array
    }

    /// This value when it is an object, else nil: for fields read as "an object or nothing".
    /// (Not `object == nil ? nil : self`: JSON is `ExpressibleByNilLiteral`, so that `nil` is `JSON.null`, and every
    /// non-object came back as `.some(.null)`.)
    var objectValue: JSON? {
        guard object != nil else { return .none }
        return self
    }

    /// The value as an error message quotes it: a string as it is, anything else as its JSON text.
    var quoted: String {
        string ?? serializedString()
    }
}

extension Optional where Wrapped == JSON {
    /// The value as an error message quotes it, `fallback` when absent (or `null`).
    func quoted(or fallback: String = "") -> String {
        guard let self, !self.isNull else { return fallback }
        return self.quoted
    }
}
