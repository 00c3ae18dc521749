import Foundation

/// A multi grader's `calculate_output`: numbers, grader names, `+ - * /`, parentheses and
/// `min`, `max`, `abs`, `floor`, `ceil`, `exp`, `sqrt`, `log`.
enum GraderFormula {
    struct Failure: Error {
        let message: String
    }

    static func evaluate(_ formula: String, variables: [String: Double]) throws(Failure) -> Double {
        var parser = Parser(characters: Array(formula), variables: variables)
        let value = try parser.sum()
        parser.skipSpaces()
        guard parser.index == parser.characters.count else { throw Failure(message: "unexpected '\(parser.characters[parser.index])'") }
        return value
    }

    private struct Parser {
        let characters: [Character]
        let variables: [String: Double]
        var index = 0

        mutating func skipSpaces() {
            while index < characters.count, characters[index].isWhitespace { index += 1 }
        }

        mutating func take(_ character: Character) -> Bool {
            skipSpaces()
            guard index < characters.count, characters[index] == character else { return false }
            index += 1
            return true
        }

        mutating func sum() throws(Failure) -> Double {
            var value = try product()
            while true {
                if take("+") { value += try product() } else if take("-") { value -= try product() } else { return value }
            }
        }

        mutating func product() throws(Failure) -> Double {
            var value = try unary()
            while true {
                if take("*") { value *= try unary() } else if take("/") {
                    let divisor = try unary()
                    guard divisor != 0 else { throw Failure(message: "division by zero") }
                    value /= divisor
                } else { return value }
            }
        }

        mutating func unary() throws(Failure) -> Double {
            if take("-") { return -(try unary()) }
            if take("+") { return try unary() }
            return try primary()
        }

        mutating func primary() throws(Failure) -> Double {
            skipSpaces()
            guard index < characters.count else { throw Failure(message: "unexpected end of formula") }
            if take("(") {
                let value = try sum()
                guard take(")") else { throw Failure(message: "missing ')'") }
                return value
            }
            let start = index
            if characters[index].isNumber || characters[index] == "." {
                while index < characters.count, characters[index].isNumber || characters[index] == "." { index += 1 }
                guard let number = Double(String(characters[start..<index])) else { throw Failure(message: "bad number") }
                return number
            }
            while index < characters.count, characters[index].isLetter || characters[index].isNumber || characters[index] == "_" { index += 1 }
            let name = String(characters[start..<index])
            guard !name.isEmpty else { throw Failure(message: "unexpected '\(characters[index])'") }
            if take("(") {
                var arguments: [Double] = []
                if !take(")") {
                    repeat { arguments.append(try sum()) } while take(",")
                    guard take(")") else { throw Failure(message: "missing ')'") }
                }
                return try call(name, arguments)
            }
            guard let value = variables[name] else { throw Failure(message: "unknown grader '\(name)'") }
            return value
        }

        func call(_ name: String, _ arguments: [Double]) throws(Failure) -> Double {
            switch (name, arguments.count) {
            case ("min", 1...): return arguments.min()!
            case ("max", 1...): return arguments.max()!
            case ("abs", 1): return abs(arguments[0])
            case ("floor", 1): return arguments[0].rounded(.down)
            case ("ceil", 1): return arguments[0].rounded(.up)
            case ("exp", 1): return exp(arguments[0])
            case ("sqrt", 1): return sqrt(arguments[0])
            case ("log", 1): return log(arguments[0])
            default: throw Failure(message: "unknown function \(name) with \(arguments.count) argument(s)")
            }
        }
    }
}
