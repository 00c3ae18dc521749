import InfiniteStoriesStore

extension UI {
    /// A sentence about money, with "Simulated: the sandbox charges nothing." when the app answers from the sandbox.
    func costText(_ text: String, sandbox: Bool) -> String {
        sandbox ? text + " " + self[.simulated] : text
    }

    /// "This would pass your monthly cap of …": the cap, what is spent (or reserved) this month, what this would add.
    func overCapMessage(cap: Double, spent: Double, estimate: Double, sandbox: Bool) -> String {
        costText(self[.overCap].filling(["cap": money(cap), "spent": money(spent), "estimate": money(estimate)]), sandbox: sandbox)
    }
}

extension Visit {
    /// "Estimated cost: about $0.05 (story …, narration …, pictures …)", or a picture's alone.
    func costSentence(_ estimate: CostEstimate) -> String {
        let sentence = estimate.story == 0 && estimate.narration == 0
            ? ui[.pictureEstimate].filling(["cost": ui.money(estimate.total)])
            : ui[.estimate].filling([
                "cost": ui.money(estimate.total), "story": ui.money(estimate.story),
                "narration": ui.money(estimate.narration), "picture": ui.money(estimate.pictures),
            ])
        return ui.costText(sentence, sandbox: sandbox)
    }

    func overCapMessage(cap: Double, spent: Double, estimate: Double) -> String {
        ui.overCapMessage(cap: cap, spent: spent, estimate: estimate, sandbox: sandbox)
    }
}
