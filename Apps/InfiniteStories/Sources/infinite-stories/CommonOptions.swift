import ArgumentParser
import Foundation
import InfiniteStoriesStore

/// The options every command takes.
struct CommonOptions: ParsableArguments {
    @Flag(help: "Run offline against the embedded AISandbox: no API key, no network, no cost.")
    var sandbox = false

    @Option(
        help: ArgumentHelp(
            "The library folder.",
            discussion: "Default: ~/Library/Application Support/InfiniteStories on macOS, $XDG_DATA_HOME/infinite-stories (~/.local/share/infinite-stories) on Linux.",
            valueName: "path"))
    var library: String?

    @Option(
        help: ArgumentHelp(
            "Send traces and metrics to this OpenTelemetry collector (OTLP over HTTP, JSON).",
            discussion: "The base URL, e.g. http://127.0.0.1:4318: /v1/traces and /v1/metrics are appended. Each model call is a span named after its operation and model, with its token usage; the web app's requests are spans too.",
            valueName: "url"))
    var otlpEndpoint: String?

    /// The library folder: `--library` (relative to the working directory) or the platform's default.
    var libraryFolder: URL {
        guard let library else { return LibraryLocation.defaultFolder() }
        let expanded = (library as NSString).expandingTildeInPath
        return URL(fileURLWithPath: expanded, isDirectory: true).standardizedFileURL
    }

    /// Opens the library, creating it when needed; with `--sandbox` what is spent is recorded as simulated.
    func openLibrary() throws -> StoryLibrary {
        try StoryLibrary(folder: libraryFolder, simulated: sandbox)
    }
}
