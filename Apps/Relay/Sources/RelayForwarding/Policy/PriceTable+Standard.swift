extension PriceTable {
    /// List prices per million tokens (standard tier, no batch or cache discounts) as published by OpenAI
    /// (developers.openai.com/api/docs/pricing) and Anthropic (platform.claude.com/docs/en/about-claude/pricing),
    /// as read on 2026-11-27. Azure OpenAI bills the same models at about the same rates.
    ///
    /// A model without an entry costs the default, priced like the dearest common model (Claude Opus 4:
    /// $15 / $75) so that an unknown model's spend is overstated, never understated. Operators pricing their
    /// own deployments or newer models load a file (see ``load(from:)``).
    public static let standard = PriceTable(
        models: [
            // OpenAI
            "gpt-5.4": Price(dollarsIn: 2.50, out: 15.00),
            "gpt-5.4-mini": Price(dollarsIn: 0.75, out: 4.50),
            "gpt-5.2": Price(dollarsIn: 1.75, out: 14.00),
            "gpt-5.1": Price(dollarsIn: 1.25, out: 10.00),
            "gpt-5": Price(dollarsIn: 1.25, out: 10.00),
            "gpt-5-mini": Price(dollarsIn: 0.25, out: 2.00),
            "gpt-5-nano": Price(dollarsIn: 0.05, out: 0.40),
            "gpt-5-pro": Price(dollarsIn: 15.00, out: 120.00),
            "gpt-4.1": Price(dollarsIn: 2.00, out: 8.00),
            "gpt-4.1-mini": Price(dollarsIn: 0.40, out: 1.60),
            "gpt-4.1-nano": Price(dollarsIn: 0.10, out: 0.40),
            "gpt-4o": Price(dollarsIn: 2.50, out: 10.00),
            "gpt-4o-mini": Price(dollarsIn: 0.15, out: 0.60),
            "o3": Price(dollarsIn: 2.00, out: 8.00),
            "o3-mini": Price(dollarsIn: 1.10, out: 4.40),
            "o3-pro": Price(dollarsIn: 20.00, out: 80.00),
            "o4-mini": Price(dollarsIn: 1.10, out: 4.40),
            "text-embedding-3-small": Price(dollarsIn: 0.02, out: 0),
            "text-embedding-3-large": Price(dollarsIn: 0.13, out: 0),
            // Anthropic
            "claude-opus-4": Price(dollarsIn: 15.00, out: 75.00),
            "claude-opus-4-5": Price(dollarsIn: 5.00, out: 25.00),
            "claude-sonnet-4": Price(dollarsIn: 3.00, out: 15.00),
            "claude-3-7-sonnet": Price(dollarsIn: 3.00, out: 15.00),
            "claude-haiku-4": Price(dollarsIn: 1.00, out: 5.00),
            "claude-3-5-haiku": Price(dollarsIn: 0.80, out: 4.00),
        ],
        defaultPrice: Price(dollarsIn: 15.00, out: 75.00))
}

extension PriceTable.Price {
    /// A price written in dollars per million tokens, as the providers publish them.
    init(dollarsIn input: Double, out output: Double) {
        self.init(input: Int64((input * 1_000_000).rounded()), output: Int64((output * 1_000_000).rounded()))
    }
}
