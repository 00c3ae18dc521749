import ArgumentParser
import Foundation
import InfiniteStories
import InfiniteStoriesStore

/// Failures of the command itself, with the message the user sees.
enum CLIError: Error, LocalizedError {
    case missingAPIKey
    case invalidAPIKey
    case unknownEvent(String)
    case unknownLanguage(String)
    case unknownVoice(String)
    case nothingFromAssistant(String)
    case invalidArgument(String)
    /// `story export` found a file where it would write (the path); it never overwrites without `--force`.
    case fileExists(String)

    var errorDescription: String? {
        switch self {
        case .missingAPIKey:
            "Please configure your OpenAI API key: run `infinite-stories key set`, or set OPENAI_API_KEY. "
                + "(Or try everything offline with --sandbox.)"
        case .invalidAPIKey:
            "That does not look like an OpenAI API key (they start with sk-)."
        case .unknownEvent(let name):
            "Unknown event \"\(name)\". Events: \(StoryEvent.allCases.map(\.rawValue).joined(separator: ", "))."
        case .unknownLanguage(let name):
            "Unsupported language \"\(name)\". Languages: \(SupportedLanguage.allCases.map { "\($0.rawValue) (\($0.nativeName))" }.joined(separator: ", "))."
        case .unknownVoice(let name):
            "Unknown voice \"\(name)\". Voices: \(InfiniteStories.OpenAIService.availableVoices.map(\.id).joined(separator: ", "))."
        case .nothingFromAssistant(let what):
            "The AI assistant returned no \(what). Please try again."
        case .invalidArgument(let message):
            message
        case .fileExists(let path):
            "\(path) exists already, and export does not overwrite files. Choose another --output folder, or add "
                + "--force to replace it."
        }
    }
}

/// Runs a command's work and turns any failure into a friendly message on standard error and exit code 1.
///
/// AI errors get the seed's user-facing messages (`handleAIError`); library and command errors their own.
/// Argument parser exits (help, validation) pass through unchanged.
func runReportingErrors(_ work: () async throws -> Void) async throws {
    do {
        try await work()
    } catch let error as CLIError {
        note("error: \(error.localizedDescription)")
        throw ExitCode.failure
    } catch let error as StoryLibraryError {
        note("error: \(error.localizedDescription)")
        throw ExitCode.failure
    } catch let error as ExitCode {
        throw error
    } catch let error as CleanExit {
        throw error
    } catch let error as ValidationError {
        throw error
    } catch {
        note("error: \(handleAIError(error))")
        throw ExitCode.failure
    }
}
