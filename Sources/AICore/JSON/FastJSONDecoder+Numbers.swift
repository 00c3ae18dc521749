import Foundation

/// Number conversions that give exactly what JSONDecoder gives for the same text (it converts with
/// C-locale `strtod`/`strtof`, i.e. correctly rounded, and rejects results that overflow to infinity or
/// underflow to zero from non-zero digits).
extension FastJSONDecoder {
    /// The outcome of reading a number's text as a floating-point value.
    enum FloatingParse<T> {
        /// The correctly rounded value (possibly infinite or zero after overflow or underflow).
        case value(T, trueZero: Bool)
        /// Swift's parser refused the text (not expected for validated JSON numbers).
        case failed
    }

    /// A number's decimal significand (up to 19 digits, without leading zeros) and power of ten.
    private struct Decimal19 {
        var significand: UInt64 = 0
        var exponent = 0
        var negative = false
        /// More than 19 significant digits, or an exponent too large to track: use the slow path.
        var inexact = false
    }

    private static func decompose(_ text: UnsafeBufferPointer<UInt8>) -> Decimal19 {
        var result = Decimal19()
        let base = text.baseAddress!
        let count = text.count
        var index = 0
        if base[0] == UInt8(ascii: "-") {
            result.negative = true
            index = 1
        }
        // Digits accumulated into the significand, counting from its first non-zero digit.
        var digits = 0
        @inline(__always) func accumulate(fraction: Bool) {
            // Eight at a time while they fit in the 19 digits a UInt64 holds.
            while digits <= 11, index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                guard isEightDigits(word) else { break }
                result.significand = result.significand &* 100_000_000 &+ eightDigits(word)
                if result.significand != 0 { digits += 8 }  // leading zeros don't count
                if fraction { result.exponent -= 8 }
                index += 8
            }
            while index < count, case let digit = base[index] &- 0x30, digit < 10 {
                if digits < 19 {
                    result.significand = result.significand &* 10 &+ UInt64(digit)
                    if result.significand != 0 { digits += 1 }
                    if fraction { result.exponent -= 1 }
                } else {
                    // Past 19 digits: exact only if the rest are zeros.
                    if digit != 0 { result.inexact = true }
                    if !fraction { result.exponent += 1 }
                }
                index += 1
            }
        }
        accumulate(fraction: false)
        if index < count, base[index] == UInt8(ascii: ".") {
            index += 1
            accumulate(fraction: true)
        }
        if index < count {  // e or E
            index += 1
            var negativeExponent = false
            if base[index] == UInt8(ascii: "-") || base[index] == UInt8(ascii: "+") {
                negativeExponent = base[index] == UInt8(ascii: "-")
                index += 1
            }
            var exponent = 0
            while index < count {
                exponent = exponent * 10 + Int(base[index] &- 0x30)
                if exponent > 100_000 {
                    result.inexact = true
                    break
                }
                index += 1
            }
            result.exponent += negativeExponent ? -exponent : exponent
        }
        return result
    }

    /// Whether all eight bytes (little-endian) are ASCII digits.
    @inline(__always)
    static func isEightDigits(_ word: UInt64) -> Bool {
        (word & 0xF0F0_F0F0_F0F0_F0F0) | (((word &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0) >> 4)
            == 0x3333_3333_3333_3333
    }

    /// The value of eight ASCII digits (little-endian, the first digit in the lowest byte).
    @inline(__always)
    private static func eightDigits(_ word: UInt64) -> UInt64 {
        var value = word &- 0x3030_3030_3030_3030
        value = (value &* 10 &+ (value >> 8)) & 0x00FF_00FF_00FF_00FF
        value = (value &* 100 &+ (value >> 16)) & 0x0000_FFFF_0000_FFFF
        return (value &* 10000 &+ (value >> 32)) & 0xFFFF_FFFF
    }

    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
        1e19, 1e20, 1e21, 1e22,
    ]

    #if (arch(i386) || arch(x86_64)) && !os(Windows) && !os(Android)
    /// 10^0 … 10^27, all exact in Float80's 64-bit significand (5^27 < 2^64).
    private static let extendedPowersOfTen: [Float80] = {
        var powers: [Float80] = [1]
        for _ in 1...27 { powers.append(powers.last! * 10) }
        return powers
    }()

    /// `significand × 10^exponent` rounded once to Float80 (exact inputs, one correctly rounded operation),
    /// or nil when out of the exact range. Rounding that result again to a narrower type is correct unless
    /// it sits exactly on a rounding midpoint of the narrower type, which callers check.
    @inline(__always)
    private static func extended(_ number: Decimal19) -> Float80? {
        guard number.exponent.magnitude <= 27 else { return nil }
        let significand = Float80(number.significand)
        let power = extendedPowersOfTen[Int(number.exponent.magnitude)]
        return number.exponent >= 0 ? significand * power : significand / power
    }
    #endif

    /// The number's text as a `Double`, exactly as `strtod` in the C locale would round it.
    static func parseDouble(_ text: UnsafeBufferPointer<UInt8>) -> FloatingParse<Double> {
        let number = decompose(text)
        if !number.inexact {
            if number.significand == 0 { return .value(number.negative ? -0.0 : 0.0, trueZero: true) }
            // Clinger's fast path: both operands exact, one correctly rounded operation.
            if number.significand <= 1 << 53, number.exponent.magnitude <= 22 {
                let significand = Double(number.significand)
                let power = powersOfTen[Int(number.exponent.magnitude)]
                let value = number.exponent >= 0 ? significand * power : significand / power
                return .value(number.negative ? -value : value, trueZero: false)
            }
            #if (arch(i386) || arch(x86_64)) && !os(Windows) && !os(Android)
            if let wide = extended(number), wide.significandBitPattern & 0x7FF != 0x400 {
                let value = Double(wide)
                return .value(number.negative ? -value : value, trueZero: false)
            }
            #endif
        }
        return slowParse(text, as: Double.self)
    }

    /// The number's text as a `Float`, exactly as `strtof` in the C locale would round it (directly, not
    /// through `Double`, which could round twice).
    static func parseFloat(_ text: UnsafeBufferPointer<UInt8>) -> FloatingParse<Float> {
        let number = decompose(text)
        if !number.inexact {
            if number.significand == 0 { return .value(number.negative ? -0.0 : 0.0, trueZero: true) }
            if number.significand <= 1 << 24, number.exponent.magnitude <= 10 {
                let significand = Float(number.significand)
                let power = Float(powersOfTen[Int(number.exponent.magnitude)])
                let value = number.exponent >= 0 ? significand * power : significand / power
                return .value(number.negative ? -value : value, trueZero: false)
            }
            #if (arch(i386) || arch(x86_64)) && !os(Windows) && !os(Android)
            if let wide = extended(number), wide.significandBitPattern & 0xFF_FFFF_FFFF != 0x80_0000_0000 {
                let value = Float(wide)
                return .value(number.negative ? -value : value, trueZero: false)
            }
            #endif
        }
        return slowParse(text, as: Float.self)
    }

    /// Swift's own (locale-independent, correctly rounded) parser, for what the fast paths don't cover.
    @inline(never)
    private static func slowParse<T: LosslessStringConvertible & BinaryFloatingPoint>(
        _ text: UnsafeBufferPointer<UInt8>, as type: T.Type
    ) -> FloatingParse<T> {
        guard let value = T(String(decoding: text, as: UTF8.self)) else { return .failed }
        return .value(value, trueZero: isTrueZero(text))
    }

    /// Whether the number's significand digits are all zero (JSONDecoder's test for a real zero as opposed
    /// to an underflow).
    static func isTrueZero(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in text {
            if byte | 0x20 == UInt8(ascii: "e") { return true }
            if byte >= UInt8(ascii: "1"), byte <= UInt8(ascii: "9") { return false }
        }
        return true
    }

    /// Digits of an integer without fraction or exponent, as JSONDecoder's integer fast path reads them
    /// (accumulating negatively for negative numbers, so `Int.min` fits); nil on overflow.
    @inline(__always)
    static func parseInteger<T: FixedWidthInteger>(_ text: UnsafeBufferPointer<UInt8>, as type: T.Type) -> T? {
        var index = 0
        let negative = text[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        var result: T = 0
        // Up to 18 digits cannot overflow a 64-bit integer.
        if T.bitWidth == 64, text.count - index <= 18 {
            while index < text.count {
                let digit = T(truncatingIfNeeded: text[index] &- 0x30)
                result = negative ? result &* 10 &- digit : result &* 10 &+ digit
                index += 1
            }
            if !T.isSigned, negative, result != 0 { return nil }
            return result
        }
        while index < text.count {
            let digit = T(truncatingIfNeeded: text[index] &- 0x30)
            let (multiplied, overflow1) = result.multipliedReportingOverflow(by: 10)
            let (added, overflow2) =
                negative ? multiplied.subtractingReportingOverflow(digit) : multiplied.addingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { return nil }
            result = added
            index += 1
        }
        return result
    }
}
