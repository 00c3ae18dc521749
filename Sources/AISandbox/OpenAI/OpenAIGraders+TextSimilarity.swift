import Foundation

/// The `text_similarity` grader's metrics over lowercased words (characters for `fuzzy_match`); every score is in
/// 0…1. `cosine` compares word counts (the API compares embeddings) and `meteor` is its unigram F-mean without the
/// fragmentation penalty: close enough for tests, computed the same way every time.
enum TextSimilarity {
    static func score(_ input: String, _ reference: String, metric: String) -> Double {
        let candidate = words(input)
        let target = words(reference)
        switch metric {
        case "fuzzy_match":
            let a = Array(input), b = Array(reference)
            guard !a.isEmpty || !b.isEmpty else { return 1 }
            return 2 * Double(lcs(a, b)) / Double(a.count + b.count)
        case "cosine":
            let x = counts(candidate, 1), y = counts(target, 1)
            let dot = x.reduce(0.0) { $0 + Double($1.value * (y[$1.key] ?? 0)) }
            let norm = sqrt(Double(x.values.reduce(0) { $0 + $1 * $1 })) * sqrt(Double(y.values.reduce(0) { $0 + $1 * $1 }))
            return norm == 0 ? 0 : dot / norm
        case "bleu":
            guard !candidate.isEmpty else { return 0 }
            var logSum = 0.0
            for n in 1...4 {
                let (matches, total) = overlap(candidate, target, n)
                // Add-one smoothing above unigrams, so a short answer isn't zero for lacking 4-grams.
                let precision = n == 1 ? Double(matches) / Double(max(total, 1)) : Double(matches + 1) / Double(total + 1)
                guard precision > 0 else { return 0 }
                logSum += log(precision) / 4
            }
            let brevity = candidate.count >= target.count ? 1 : exp(1 - Double(target.count) / Double(candidate.count))
            return brevity * exp(logSum)
        case "gleu":
            var matches = 0, candidateTotal = 0, targetTotal = 0
            for n in 1...4 {
                let (m, c) = overlap(candidate, target, n)
                matches += m
                candidateTotal += c
                targetTotal += max(target.count - n + 1, 0)
            }
            guard candidateTotal > 0, targetTotal > 0 else { return 0 }
            return min(Double(matches) / Double(candidateTotal), Double(matches) / Double(targetTotal))
        case "meteor":
            let (matches, _) = overlap(candidate, target, 1)
            guard matches > 0 else { return 0 }
            let precision = Double(matches) / Double(candidate.count), recall = Double(matches) / Double(target.count)
            return 10 * precision * recall / (recall + 9 * precision)
        case "rouge_l":
            let common = Double(lcs(candidate, target))
            guard common > 0 else { return 0 }
            return f1(common / Double(candidate.count), common / Double(target.count))
        default:  // rouge_1 … rouge_5
            let n = Int(metric.dropFirst("rouge_".count)) ?? 1
            let (matches, total) = overlap(candidate, target, n)
            let targetTotal = max(target.count - n + 1, 0)
            guard matches > 0, total > 0, targetTotal > 0 else { return 0 }
            return f1(Double(matches) / Double(total), Double(matches) / Double(targetTotal))
        }
    }

    static func words(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }

    private static func f1(_ precision: Double, _ recall: Double) -> Double {
        precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall)
    }

    private static func counts(_ words: [String], _ n: Int) -> [String: Int] {
        guard words.count >= n else { return [:] }
        var result: [String: Int] = [:]
        for start in 0...(words.count - n) { result[words[start..<start + n].joined(separator: " "), default: 0] += 1 }
        return result
    }

    /// Clipped n-gram matches of `candidate` in `target`, and the candidate's n-gram count.
    private static func overlap(_ candidate: [String], _ target: [String], _ n: Int) -> (Int, Int) {
        let c = counts(candidate, n), t = counts(target, n)
        return (c.reduce(0) { $0 + min($1.value, t[$1.key] ?? 0) }, c.values.reduce(0, +))
    }

    private static func lcs<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
        guard !a.isEmpty, !b.isEmpty else { return 0 }
        var previous = [Int](repeating: 0, count: b.count + 1)
        for x in a {
            var current = [Int](repeating: 0, count: b.count + 1)
            for (j, y) in b.enumerated() { current[j + 1] = x == y ? previous[j] + 1 : max(previous[j + 1], current[j]) }
            previous = current
        }
        return previous[b.count]
    }
}
