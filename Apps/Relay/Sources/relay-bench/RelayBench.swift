import ArgumentParser

/// Measures the relay against a fast loopback upstream and against other proxies on the same machine.
///
/// Three tools share one binary so the benchmark scripts need to build only it next to `relay`: a fake
/// OpenAI-compatible upstream much faster than anything it serves, a keep-alive load generator, and a burst client
/// that checks a limit holds across relay instances.
@main
struct RelayBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "relay-bench",
        abstract: "Benchmark tools for the relay: a fast fake upstream, a load generator, a limit checker.",
        subcommands: [UpstreamCommand.self, LoadCommand.self, BudgetCommand.self]
    )
}
