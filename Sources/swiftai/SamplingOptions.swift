import ArgumentParser

/// `--temperature` and `--max-tokens`, shared by `chat` and `respond` and passed through to the request as given
/// (nothing is sent when they are left out, so the server's defaults apply). `chat` adds `--seed` itself: the
/// Responses API has no seed.
struct SamplingOptions: ParsableArguments {
    @Option(help: "Sampling temperature, 0 to 2 (lower is more deterministic). Default: the server's.")
    var temperature: Double?

    @Option(
        help: ArgumentHelp(
            "The most tokens the answer may have (chat sends max_completion_tokens, respond max_output_tokens). Default: the server's.",
            valueName: "count"))
    var maxTokens: Int?

    func validate() throws {
        if let temperature, !(0...2).contains(temperature) { throw ValidationError("--temperature must be between 0 and 2.") }
        if let maxTokens, maxTokens < 1 { throw ValidationError("--max-tokens must be at least 1.") }
    }
}
