/// Comparisons of secrets a client presents (partial keys, bypass tokens) whose time doesn't depend on where the
/// first difference is, so a caller can't find a secret one character at a time by timing refusals.
enum ConstantTime {
    static func equals(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        // The lengths may differ (that much leaks); the bytes are compared in full either way.
        var difference: UInt8 = left.count == right.count ? 0 : 1
        for index in 0..<max(left.count, right.count) {
            let a = index < left.count ? left[index] : 0
            let b = index < right.count ? right[index] : 0
            difference |= a ^ b
        }
        return difference == 0
    }
}
