import Foundation

/// What the stories being written now are expected to spend, until their usage is recorded. The monthly cap counts
/// it, so two stories started together with room for one can't both pass the cap.
actor SpendingReservations {
    private var amounts: [UUID: Double] = [:]

    /// The total reserved.
    var total: Double { amounts.values.reduce(0, +) }

    /// Reserves `amount` when `spent`, what is reserved already and `amount` stay within `cap` (always without a cap);
    /// else throws ``StoryLibraryError/overMonthlyCap(cap:spent:estimate:)``. Checking and reserving are one step.
    func reserve(_ amount: Double, cap: Double?, spent: Double) throws -> UUID {
        let reserved = total
        if let cap, spent + reserved + amount > cap {
            throw StoryLibraryError.overMonthlyCap(cap: cap, spent: spent + reserved, estimate: amount)
        }
        let id = UUID()
        amounts[id] = amount
        return id
    }

    func release(_ id: UUID) { amounts[id] = nil }
}
