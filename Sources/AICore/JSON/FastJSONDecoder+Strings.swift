import Foundation

/// Strings and object keys: creating `String`s from the tape, and finding keys without creating any.
extension FastJSONDecoder.Document {
    typealias Token = FastJSONDecoder.Token

    /// The string of a string token (a value or a key).
    func string(_ token: Token) -> String {
        let text = text(of: token)
        if token.flags & Token.stringEscaped == 0 { return String(decoding: text, as: UTF8.self) }
        return Self.unescape(text)
    }

    /// The string between the quotes of validated JSON text with escapes. Validation guarantees well-formed
    /// escapes and surrogate pairs, and the result is never longer than the escaped text.
    private static func unescape(_ text: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: text.count) { output in
            var read = 0
            var written = 0
            let base = text.baseAddress!
            while read < text.count {
                let byte = text[read]
                guard byte == UInt8(ascii: "\\") else {
                    output[written] = byte
                    written += 1
                    read += 1
                    continue
                }
                let escape = text[read + 1]
                read += 2
                let simple: UInt8
                switch escape {
                case UInt8(ascii: "b"): simple = 0x08
                case UInt8(ascii: "f"): simple = 0x0C
                case UInt8(ascii: "n"): simple = 0x0A
                case UInt8(ascii: "r"): simple = 0x0D
                case UInt8(ascii: "t"): simple = 0x09
                case UInt8(ascii: "u"):
                    var code = FastJSONDecoder.hex4(base + read)!
                    read += 4
                    if code >= 0xD800, code <= 0xDBFF {
                        let low = FastJSONDecoder.hex4(base + read + 2)!
                        read += 6
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    for unit in UTF8.encode(Unicode.Scalar(code)!)! {
                        output[written] = unit
                        written += 1
                    }
                    continue
                default: simple = escape  // " \ /
                }
                output[written] = simple
                written += 1
            }
            return written
        }
    }

    // MARK: - Keys

    /// The value token of `key` in the object at `object`, or nil if the object has no such key.
    ///
    /// Keys are compared as bytes against `key.stringValue`'s UTF-8, without creating strings. The search
    /// starts after the key found last and wraps around, so decoding members in wire order is O(1) each.
    /// With duplicate keys the first one wins, as in JSONDecoder (which also matches keys by canonical
    /// equivalence, like any `String` comparison; keys with escapes or non-ASCII bytes are compared as
    /// strings for that reason).
    @inline(__always)
    func valueIndex(forKey key: some CodingKey, inObject object: Int) -> Int? {
        let objectToken = tokens[object]
        guard Int(objectToken.end) > object + 1 else { return nil }
        var name = key.stringValue
        if objectToken.flags & Token.objectNonPlainKeys == 0 {
            let found: Int?? = name.withUTF8 { plainValueIndex(forKey: $0, inObject: object) }
            if let found { return found }
        }
        return slowValueIndex(forKey: name, inObject: object)
    }

    @inline(__always)
    private func keyMatches(_ keyIndex: Int, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        let key = tokens[keyIndex]
        let count = name.count
        guard Int(key.end &- key.start) == count else { return false }
        let text = bytes + Int(key.start)
        if count <= 16 {
            var offset = 0
            while offset < count {
                if text[offset] != name[offset] { return false }
                offset += 1
            }
            return true
        }
        return memcmp(text, name.baseAddress!, count) == 0
    }

    /// `valueIndex` for an object whose keys are all plain ASCII: the value's token, or nil if there is no
    /// such key; `.none` if that can't be told by bytes (a non-ASCII name, which could still be canonically
    /// equivalent to an ASCII key, as the Kelvin sign is to "K").
    @inline(__always)
    private func plainValueIndex(forKey name: UnsafeBufferPointer<UInt8>, inObject object: Int) -> Int?? {
        let first = object + 1
        let end = Int(tokens[object].end)
        let cursor = Int(tokens[object].start)
        // Members decoded in wire order: the key at the cursor.
        if keyMatches(cursor, name) { return found(cursor, inObject: object, searchedFrom: cursor) }
        // Absent members: the key filter usually tells without comparing keys.
        let count = name.count
        let bit = Token.keyFilterBit(length: count, first: count > 0 ? name[0] : 0, last: count > 0 ? name[count - 1] : 0)
        if tokens[object].keyFilter & UInt32(truncatingIfNeeded: bit | bit >> 32) != 0 {
            // From after the cursor to the end, then from the start to the cursor.
            var keyIndex = next(after: cursor + 1)
            while keyIndex < end {
                if keyMatches(keyIndex, name) { return found(keyIndex, inObject: object, searchedFrom: cursor) }
                keyIndex = next(after: keyIndex + 1)
            }
            keyIndex = first
            while keyIndex < cursor {
                if keyMatches(keyIndex, name) { return found(keyIndex, inObject: object, searchedFrom: first) }
                keyIndex = next(after: keyIndex + 1)
            }
        }
        for byte in name where byte >= 0x80 { return .none }
        return .some(nil)
    }

    /// The value of the key at `keyIndex`, found by a search that started at `searchedFrom` (so keys before
    /// that were not compared); moves the cursor past it.
    @inline(__always)
    private func found(_ keyIndex: Int, inObject object: Int, searchedFrom start: Int) -> Int?? {
        let first = object + 1
        // A key before the search's start could be an earlier duplicate, which JSONDecoder would take.
        if start != first, !keysAreUnique(object) { return .some(firstValueIndex(forKey: keyIndex, inObject: object)) }
        let after = next(after: keyIndex + 1)
        tokens[object].start = UInt32(after < Int(tokens[object].end) ? after : first)
        return .some(keyIndex + 1)
    }

    /// The value of the first key equal to the one at `keyIndex`, searching from the start.
    private func firstValueIndex(forKey keyIndex: Int, inObject object: Int) -> Int {
        let key = tokens[keyIndex]
        let name = UnsafeBufferPointer(start: bytes + Int(key.start), count: Int(key.end &- key.start))
        var candidate = object + 1
        while !keyMatches(candidate, name) { candidate = next(after: candidate + 1) }
        return candidate + 1
    }

    /// `valueIndex` by string comparison, for objects with escaped or non-ASCII keys, or a non-ASCII name.
    @inline(never)
    private func slowValueIndex(forKey name: String, inObject object: Int) -> Int? {
        let end = Int(tokens[object].end)
        var keyIndex = object + 1
        while keyIndex < end {
            if string(tokens[keyIndex]) == name { return keyIndex + 1 }
            keyIndex = next(after: keyIndex + 1)
        }
        return nil
    }

    /// The object's keys in wire order, duplicates (by string equality, as in a `Dictionary`) after the
    /// first left out.
    func keyStrings(inObject object: Int) -> [String] {
        let end = Int(tokens[object].end)
        var keys: [String] = []
        var keyIndex = object + 1
        while keyIndex < end {
            keys.append(string(tokens[keyIndex]))
            keyIndex = next(after: keyIndex + 1)
        }
        if keys.count > 1, tokens[object].flags & Token.objectNonPlainKeys != 0 || !keysAreUnique(object) {
            var seen = Set<String>(minimumCapacity: keys.count)
            keys.removeAll { !seen.insert($0).inserted }
        }
        return keys
    }

    /// Whether the plain keys of an object are all different; worked out once per object.
    private func keysAreUnique(_ object: Int) -> Bool {
        let flags = tokens[object].flags
        if flags & Token.objectUniquenessKnown != 0 { return flags & Token.objectUniqueKeys != 0 }
        let unique = computeKeysAreUnique(object)
        tokens[object].flags |= Token.objectUniquenessKnown | (unique ? Token.objectUniqueKeys : 0)
        return unique
    }

    private func computeKeysAreUnique(_ object: Int) -> Bool {
        let end = Int(tokens[object].end)
        @inline(__always) func same(_ a: Int, _ b: Int) -> Bool {
            let x = tokens[a]
            let y = tokens[b]
            let length = Int(x.end &- x.start)
            return length == Int(y.end &- y.start) && memcmp(bytes + Int(x.start), bytes + Int(y.start), length) == 0
        }
        var keyCount = 0
        var keyIndex = object + 1
        while keyIndex < end {
            keyCount += 1
            keyIndex = next(after: keyIndex + 1)
        }
        if keyCount <= 16 {
            keyIndex = object + 1
            while keyIndex < end {
                var other = next(after: keyIndex + 1)
                while other < end {
                    if same(keyIndex, other) { return false }
                    other = next(after: other + 1)
                }
                keyIndex = next(after: keyIndex + 1)
            }
            return true
        }
        var keyIndices: [Int] = []
        keyIndices.reserveCapacity(keyCount)
        keyIndex = object + 1
        while keyIndex < end {
            keyIndices.append(keyIndex)
            keyIndex = next(after: keyIndex + 1)
        }
        // Larger objects: an open-addressing table of FNV-1a hashes of the key bytes.
        var size = 32
        while size < keyIndices.count * 2 { size <<= 1 }
        var table = [Int](repeating: -1, count: size)
        for key in keyIndices {
            let token = tokens[key]
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in UnsafeBufferPointer(start: bytes + Int(token.start), count: Int(token.end &- token.start)) {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
            var slot = Int(truncatingIfNeeded: hash) & (size - 1)
            while table[slot] >= 0 {
                if same(table[slot], key) { return false }
                slot = (slot + 1) & (size - 1)
            }
            table[slot] = key
        }
        return true
    }
}
