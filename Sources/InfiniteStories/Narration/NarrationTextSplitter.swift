import Foundation

/// Cuts a story into parts the speech endpoint accepts (at most 4,096 characters each).
///
/// Parts end at sentence ends, so each part is read with natural intonation and the joined audio has no
/// cut-off words. Only a sentence longer than the limit is cut elsewhere: after a comma, semicolon, colon
/// or dash, else at a space, and only as a last resort (a text without spaces) between two characters.
/// The text is handled as Swift `Character`s, so a cut never falls inside a multi-byte character or a
/// grapheme cluster; sizes are counted in Unicode scalars, which is never less than the character count
/// a server may use.
public enum NarrationTextSplitter {
    /// The speech endpoint's input limit.
    public static let defaultLimit = 4096

    /// Characters that end a sentence.
    static let terminators: Set<Character> = [".", "!", "?", "…", "。", "！", "？", "؟", "।", "‽"]
    /// Characters that may follow a terminator and still belong to the sentence (closing quotes, brackets).
    static let closers: Set<Character> = ["\"", "'", "”", "’", "»", "›", ")", "]", "」", "』", "*"]
    /// Characters after which a too-long sentence may be cut.
    static let clauseMarks: Set<Character> = [",", ";", ":", "—", "–", "、", "，", "；"]

    /// The parts of `text`, in order, trimmed of surrounding whitespace; empty when `text` has no content.
    ///
    /// The text gets as few parts as the limit allows, and they are balanced (the largest part as small as
    /// possible without cutting a sentence), so parts synthesized side by side finish at about the same time.
    public static func split(_ text: String, limit: Int = defaultLimit) -> [String] {
        precondition(limit > 0, "The limit must be positive.")
        let sentences = sentences(of: Array(text)).map { (characters: $0, size: scalarCount($0)) }
        let fewest = pack(sentences, limit: limit)
        guard fewest.count > 1 else { return fewest }
        // The smallest part size that still needs no more parts: parts only grow less even above it.
        let total = sentences.reduce(0) { $0 + $1.size }
        let longest = sentences.map(\.size).max() ?? 0
        var low = min(limit, max((total + fewest.count - 1) / fewest.count, longest))
        var high = limit
        while low < high {
            let middle = (low + high) / 2
            if pack(sentences, limit: middle).count <= fewest.count { high = middle } else { low = middle + 1 }
        }
        return pack(sentences, limit: low)
    }

    /// Sentences packed greedily into parts of at most `limit` scalars.
    static func pack(_ sentences: [(characters: [Character], size: Int)], limit: Int) -> [String] {
        var parts: [String] = []
        var current: [Character] = []
        var currentSize = 0
        func flush() {
            let part = String(current).trimmingCharacters(in: .whitespacesAndNewlines)
            if !part.isEmpty { parts.append(part) }
            current.removeAll(keepingCapacity: true)
            currentSize = 0
        }
        for (sentence, size) in sentences {
            if currentSize + size <= limit {
                current += sentence
                currentSize += size
                continue
            }
            flush()
            if size <= limit {
                current = sentence
                currentSize = size
                continue
            }
            let pieces = cutLongSentence(sentence, limit: limit)
            for piece in pieces.dropLast() {
                current = piece
                flush()
            }
            current = pieces.last ?? []
            currentSize = scalarCount(current)
        }
        flush()
        return parts
    }

    /// The sentences of `characters`, each with its trailing whitespace; joined they give the text back.
    static func sentences(of characters: [Character]) -> [[Character]] {
        var result: [[Character]] = []
        var start = 0
        var index = 0
        while index < characters.count {
            let character = characters[index]
            var end: Int?
            if terminators.contains(character) {
                var next = index + 1
                while next < characters.count, terminators.contains(characters[next]) { next += 1 }
                while next < characters.count, closers.contains(characters[next]) { next += 1 }
                if next == characters.count || characters[next].isWhitespace { end = next }
            } else if character.isNewline {
                end = index
            }
            guard var boundary = end else {
                index += 1
                continue
            }
            while boundary < characters.count, characters[boundary].isWhitespace { boundary += 1 }
            result.append(Array(characters[start..<boundary]))
            start = boundary
            index = max(boundary, index + 1)
        }
        if start < characters.count { result.append(Array(characters[start...])) }
        return result
    }

    /// A sentence longer than `limit`, cut after clause marks, else at spaces, else between characters.
    static func cutLongSentence(_ sentence: [Character], limit: Int) -> [[Character]] {
        var pieces: [[Character]] = []
        var rest = sentence[...]
        while scalarCount(rest) > limit {
            // The longest prefix within the limit.
            var fitting = rest.startIndex
            var size = 0
            while fitting < rest.endIndex, size + rest[fitting].unicodeScalars.count <= limit {
                size += rest[fitting].unicodeScalars.count
                fitting += 1
            }
            let window = rest[rest.startIndex..<fitting]
            let cut =
                window.lastIndex(where: { clauseMarks.contains($0) }).map { $0 + 1 }
                ?? window.lastIndex(where: \.isWhitespace).map { $0 + 1 }
                ?? fitting
            let end = cut > rest.startIndex ? cut : max(fitting, rest.startIndex + 1)
            pieces.append(Array(rest[rest.startIndex..<end]))
            rest = rest[end...]
        }
        if !rest.isEmpty { pieces.append(Array(rest)) }
        return pieces
    }

    static func scalarCount<C: Collection>(_ characters: C) -> Int where C.Element == Character {
        characters.reduce(0) { $0 + $1.unicodeScalars.count }
    }
}
