/// A small DEFLATE (RFC 1951) decoder for the entries of uploaded skill zips, which the sandbox reads to find
/// `SKILL.md`. It stops at `limit` output bytes, so a hostile archive can't make it allocate without bound.
struct Inflater {
    struct Damaged: Error {}

    private struct Huffman {
        var count: [Int]
        var symbol: [Int]

        init(lengths: [Int]) {
            count = [Int](repeating: 0, count: 16)
            for length in lengths { count[length] += 1 }
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<15 { offsets[length + 1] = offsets[length] + count[length] }
            symbol = [Int](repeating: 0, count: lengths.count)
            for (value, length) in lengths.enumerated() where length != 0 {
                symbol[offsets[length]] = value
                offsets[length] += 1
            }
        }
    }

    private static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193,
        12289, 16385, 24577,
    ]
    private static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    private let input: [UInt8]
    private let limit: Int
    private var position = 0
    private var bitBuffer = 0
    private var bitCount = 0
    private var output: [UInt8] = []

    init(input: [UInt8], limit: Int) {
        self.input = input
        self.limit = limit
    }

    mutating func run() throws -> [UInt8] {
        output.reserveCapacity(min(limit, 1 << 24))
        var last = false
        while !last {
            last = try bits(1) == 1
            switch try bits(2) {
            case 0: try storedBlock()
            case 1:
                try codes(
                    Huffman(lengths: [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112) + [Int](repeating: 7, count: 24)
                        + [Int](repeating: 8, count: 8)),
                    Huffman(lengths: [Int](repeating: 5, count: 30)))
            case 2: try dynamicBlock()
            default: throw Damaged()
            }
        }
        return output
    }

    private mutating func bits(_ needed: Int) throws -> Int {
        var value = bitBuffer
        while bitCount < needed {
            guard position < input.count else { throw Damaged() }
            value |= Int(input[position]) << bitCount
            position += 1
            bitCount += 8
        }
        bitBuffer = value >> needed
        bitCount -= needed
        return value & ((1 << needed) - 1)
    }

    private mutating func storedBlock() throws {
        bitBuffer = 0
        bitCount = 0
        guard position + 4 <= input.count else { throw Damaged() }
        let length = Int(input[position]) | Int(input[position + 1]) << 8
        let complement = Int(input[position + 2]) | Int(input[position + 3]) << 8
        position += 4
        guard length == ~complement & 0xFFFF, position + length <= input.count, output.count + length <= limit else { throw Damaged() }
        output += input[position..<(position + length)]
        position += length
    }

    private mutating func decode(_ huffman: Huffman) throws -> Int {
        var code = 0, first = 0, index = 0
        for length in 1...15 {
            code |= try bits(1)
            let count = huffman.count[length]
            if code - count < first { return huffman.symbol[index + (code - first)] }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        throw Damaged()
    }

    private mutating func codes(_ lengths: Huffman, _ distances: Huffman) throws {
        while true {
            let symbol = try decode(lengths)
            if symbol < 256 {
                guard output.count < limit else { throw Damaged() }
                output.append(UInt8(symbol))
            } else if symbol == 256 {
                return
            } else {
                let index = symbol - 257
                guard index < Self.lengthBase.count else { throw Damaged() }
                let length = Self.lengthBase[index] + (try bits(Self.lengthExtra[index]))
                let distanceSymbol = try decode(distances)
                guard distanceSymbol < Self.distanceBase.count else { throw Damaged() }
                let distance = Self.distanceBase[distanceSymbol] + (try bits(Self.distanceExtra[distanceSymbol]))
                guard distance <= output.count, output.count + length <= limit else { throw Damaged() }
                let start = output.count - distance
                for offset in 0..<length { output.append(output[start + offset]) }
            }
        }
    }

    private mutating func dynamicBlock() throws {
        let lengthCount = try bits(5) + 257, distanceCount = try bits(5) + 1, codeCount = try bits(4) + 4
        guard lengthCount <= 286, distanceCount <= 30 else { throw Damaged() }
        var codeLengths = [Int](repeating: 0, count: 19)
        for index in 0..<codeCount { codeLengths[Self.codeLengthOrder[index]] = try bits(3) }
        let codeLengthCode = Huffman(lengths: codeLengths)
        var lengths: [Int] = []
        while lengths.count < lengthCount + distanceCount {
            let symbol = try decode(codeLengthCode)
            switch symbol {
            case 0..<16: lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else { throw Damaged() }
                lengths += [Int](repeating: previous, count: 3 + (try bits(2)))
            case 17: lengths += [Int](repeating: 0, count: 3 + (try bits(3)))
            default: lengths += [Int](repeating: 0, count: 11 + (try bits(7)))
            }
        }
        guard lengths.count == lengthCount + distanceCount, lengths[256] != 0 else { throw Damaged() }
        try codes(Huffman(lengths: Array(lengths[..<lengthCount])), Huffman(lengths: Array(lengths[lengthCount...])))
    }
}
