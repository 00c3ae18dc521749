import HTTPTypes

extension HTTPResponse.Status {
    /// 402: what the monthly cap answers to an order that would pass it (HTTPTypes names no 402).
    static var paymentRequired: Self { .init(code: 402, reasonPhrase: "Payment Required") }
}

extension Visit {
    /// "This would pass your monthly cap of …", with "simulated" from the sandbox.
    func overCapMessage(cap: Double, spent: Double, estimate: Double) -> String {
        let text = ui[.overCap].filling(["cap": ui.money(cap), "spent": ui.money(spent), "estimate": ui.money(estimate)])
        return sandbox ? text + " " + ui[.simulated] : text
    }
}
