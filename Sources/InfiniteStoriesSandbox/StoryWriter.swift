import AISandbox
import Foundation

/// Answers chat requests that ask for a story with a story, so a story app can run offline end to end.
///
/// A request is a story request when its system (or developer) message mentions a storyteller or bedtime,
/// or its last user message asks for a story, in English, Spanish, French, German or Italian (see
/// ``StoryPhrases``). The reply has the shape apps parse: a `[Title]` line naming the hero found in the
/// prompt, a blank line, then paragraphs of sentences in the prompt's language, about as many words as the
/// prompt asks for ("Approximately 750 words", "Aproximadamente 750 palabras", "Environ 750 mots",
/// "Ungefähr 750 Wörter", "Circa 750 parole"; else 150 a minute of a "5-minute" story; else 300).
/// Like a model, it stops at `max_completion_tokens`/`max_tokens` (0.75 words a token) with
/// `finish_reason` `length`. The same prompt always gets the same story (seeded by the prompt's hash).
enum StoryWriter {
    enum Language: String, CaseIterable, Sendable {
        case english = "en", spanish = "es", french = "fr", german = "de", italian = "it"

        var phrases: StoryPhrases {
            switch self {
            case .english: .english
            case .spanish: .spanish
            case .french: .french
            case .german: .german
            case .italian: .italian
            }
        }
    }

    /// A reply: its text, why it ended, and its completion tokens.
    struct Reply: Sendable {
        let text: String
        let finishReason: String
        let completionTokens: Int
    }

    static let defaultWords = 300
    /// Words per token, OpenAI's rule of thumb for English.
    static let wordsPerToken = 0.75
    /// Labels that may name the hero, tried after the languages' own hero labels and prepositions.
    static let genericLabels = ["name:", "nombre:", "nom :", "nom:", "nome:"]

    /// The system text and the last user text of `messages` when they ask for a story, else nil.
    static func storyRequest(in messages: [SandboxChatRequest.Message]) -> (system: String, user: String)? {
        let system = messages.filter { ["system", "developer"].contains($0.role) }.map(\.text).joined(separator: "\n")
        let user = messages.last(where: { $0.role == "user" })?.text ?? ""
        let loweredSystem = system.lowercased()
        let loweredUser = user.lowercased()
        let asks = Language.allCases.contains { language in
            language.phrases.storytellerMarkers.contains { loweredSystem.contains($0) }
                || language.phrases.storyMarkers.contains { loweredUser.contains($0) }
        }
        return asks ? (system, user) : nil
    }

    /// The story for a request, cut at `maxTokens`.
    static func story(system: String, user: String, maxTokens: Int?) -> Reply {
        let prompt = system + "\n" + user
        let phrases = language(of: prompt).phrases
        let hero = heroName(in: user, phrases: phrases) ?? phrases.fallbackHero
        let target = requestedWords(in: user) ?? requestedWords(in: system) ?? defaultWords
        var random = SplitMix64(seed: hash(prompt))
        func pick(_ options: [String]) -> String {
            options[Int(random.next() % UInt64(options.count))].replacingOccurrences(of: "{hero}", with: hero)
        }
        let title = pick(phrases.titles)
        let opening = pick(phrases.openings)
        let closing = pick(phrases.closings)
        var paragraphs = [[opening]]
        var words = wordCount(opening) + wordCount(closing)
        var perParagraph = 3 + Int(random.next() % 3)
        var deck: [Int] = []
        while true {
            if deck.isEmpty { deck = shuffled(phrases.sentences.indices, &random) }
            let sentence = phrases.sentences[deck.removeLast()].replacingOccurrences(of: "{hero}", with: hero)
            let count = wordCount(sentence)
            // Stop where one more sentence would overshoot the target by more than half of it.
            if words + count / 2 > target { break }
            words += count
            if paragraphs[paragraphs.count - 1].count >= perParagraph {
                paragraphs.append([])
                perParagraph = 3 + Int(random.next() % 3)
            }
            paragraphs[paragraphs.count - 1].append(sentence)
        }
        paragraphs.append([closing])
        let text = "[\(title)]\n\n" + paragraphs.map { $0.joined(separator: " ") }.joined(separator: "\n\n")
        return limited(text, maxTokens: maxTokens)
    }

    /// `text`, or its first words when it is longer than `maxTokens` allow (then finishing with `length`).
    static func limited(_ text: String, maxTokens: Int?) -> Reply {
        let words = wordCount(text)
        guard let maxTokens, maxTokens > 0, Double(words) > Double(maxTokens) * wordsPerToken else {
            return Reply(text: text, finishReason: "stop", completionTokens: tokens(forWords: words))
        }
        let kept = prefix(text, words: max(1, Int(Double(maxTokens) * wordsPerToken)))
        return Reply(text: kept, finishReason: "length", completionTokens: maxTokens)
    }

    static func tokens(forWords words: Int) -> Int {
        Int((Double(words) / wordsPerToken).rounded(.up))
    }

    static func wordCount(_ text: String) -> Int {
        text.split(whereSeparator: \.isWhitespace).count
    }

    /// The language whose frequent words (and "in <language>" instructions) occur most in `text`; English on a tie.
    static func language(of text: String) -> Language {
        let lowered = text.lowercased()
        let words = lowered.split { !$0.isLetter }.map(String.init)
        var best = (language: Language.english, score: 0)
        for language in Language.allCases {
            let phrases = language.phrases
            var score = words.filter { phrases.functionWords.contains($0) }.count
            for name in phrases.languageNames where ["in ", "en ", "auf ", "em "].contains(where: { lowered.contains($0 + name) }) {
                score += 20
            }
            if score > best.score { best = (language, score) }
        }
        return best.language
    }

    /// The number before a word for "words" in any of the languages, else 150 × the number before a word
    /// for "minutes" ("5-minute", "5 minutos", "5-minütige"); nil when there is neither.
    static func requestedWords(in text: String) -> Int? {
        let tokens = text.lowercased().split { $0.isWhitespace || $0 == "-" || $0 == "–" }.map {
            $0.trimmingCharacters(in: .punctuationCharacters.union(.symbols))
        }
        let numbers: [(index: Int, value: Int)] = tokens.enumerated().compactMap { index, token in
            guard token.first?.isNumber == true, token.allSatisfy({ $0.isNumber || $0 == "," || $0 == "." }) else { return nil }
            return Int(token.filter(\.isNumber)).map { (index, $0) }
        }
        let wordsWords = Language.allCases.reduce(into: Set<String>()) { $0.formUnion($1.phrases.wordsWords) }
        if let match = numbers.first(where: { $0.index + 1 < tokens.count && wordsWords.contains(tokens[$0.index + 1]) }) {
            return match.value
        }
        let minuteWords = Language.allCases.flatMap(\.phrases.minuteWords)
        if let match = numbers.first(where: { number in
            number.index + 1 < tokens.count && minuteWords.contains { tokens[number.index + 1].hasPrefix($0) }
        }) {
            return match.value * 150
        }
        return nil
    }

    /// The hero's name: after a hero label ("Hero: Luna"), else the capitalized words after a preposition
    /// ("about Luna", "sobre Luna", "über Luna"), else after a generic label ("Name: Luna").
    static func heroName(in text: String, phrases: StoryPhrases) -> String? {
        let all = Language.allCases.map(\.phrases)
        let labels = [phrases.heroLabels] + all.map(\.heroLabels)
        for label in labels.joined() {
            if let name = name(after: label, in: text) { return name }
        }
        let prepositions = phrases.heroPrepositions + all.flatMap(\.heroPrepositions)
        if let name = prepositions.compactMap({ preposition in earliestName(after: preposition + " ", in: text) })
            .min(by: { $0.position < $1.position })?.name
        {
            return name
        }
        return genericLabels.lazy.compactMap { name(after: $0, in: text) }.first
    }

    private static func earliestName(after marker: String, in text: String) -> (position: String.Index, name: String)? {
        var searchStart = text.startIndex
        while let range = text.range(of: marker, options: .caseInsensitive, range: searchStart..<text.endIndex) {
            searchStart = range.upperBound
            guard startsWord(range, in: text), let name = capitalizedRun(text[range.upperBound...]) else { continue }
            return (range.lowerBound, name)
        }
        return nil
    }

    /// The name after `label`: its capitalized words, else its first word, capitalized.
    private static func name(after label: String, in text: String) -> String? {
        guard let range = text.range(of: label, options: .caseInsensitive), startsWord(range, in: text) else { return nil }
        let rest = text[range.upperBound...].drop { $0 == " " || $0 == "\t" }
        if let run = capitalizedRun(rest) { return run }
        let word = rest.prefix { !$0.isWhitespace && !",.;:!?".contains($0) }
        return word.isEmpty ? nil : word.prefix(1).uppercased() + word.dropFirst()
    }

    private static func startsWord(_ range: Range<String.Index>, in text: String) -> Bool {
        range.lowerBound == text.startIndex || !text[text.index(before: range.lowerBound)].isLetter
    }

    /// Up to four capitalized words at the start of `text`, on its first line, ending at punctuation.
    private static func capitalizedRun(_ text: Substring) -> String? {
        let line = text.prefix { !$0.isNewline }
        var words: [String] = []
        for raw in line.split(separator: " ").prefix(4) {
            let word = raw.trimmingCharacters(in: CharacterSet(charactersIn: "\"'«»“”‘’()[]").union(.whitespaces))
            let trimmed = word.trimmingCharacters(in: CharacterSet(charactersIn: ",.;:!?"))
            guard let first = trimmed.first, first.isUppercase else { break }
            words.append(trimmed)
            if trimmed != word { break }
        }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    private static func shuffled(_ indices: Range<Int>, _ random: inout SplitMix64) -> [Int] {
        var deck = Array(indices)
        for index in stride(from: deck.count - 1, to: 0, by: -1) {
            deck.swapAt(index, Int(random.next() % UInt64(index + 1)))
        }
        return deck
    }

    /// A stable 64-bit hash (FNV-1a) of a string: the same prompt always seeds the same story.
    static func hash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// The first `words` words of `text`, with its whitespace.
    static func prefix(_ text: String, words: Int) -> String {
        var count = 0
        var inWord = false
        var end = text.startIndex
        for index in text.indices {
            if text[index].isWhitespace {
                inWord = false
                continue
            }
            if !inWord {
                count += 1
                inWord = true
                if count > words { break }
            }
            end = text.index(after: index)
        }
        return String(text[..<end])
    }
}
