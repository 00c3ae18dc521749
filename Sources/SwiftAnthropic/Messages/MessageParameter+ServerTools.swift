import AICore
import Foundation

/// Typed constructors for the tools Anthropic defines: server tools the API runs (web search, web fetch, code
/// execution, tool search) and tools the model was trained on that your code runs (bash, text editor, memory,
/// computer use). Each takes the version as its type says it; the default is the version this library has
/// always sent.
extension MessageParameter.Tool {
    // MARK: Web search

    /// The versions of the web search tool.
    public enum WebSearchVersion: String, Sendable, CaseIterable {
        /// `web_search_20250305`.
        case v20250305 = "web_search_20250305"
        /// `web_search_20260209`.
        case v20260209 = "web_search_20260209"
        /// Adds `response_inclusion`.
        case v20260318 = "web_search_20260318"
    }

    /// Web search, run by the API: results come back as `web_search_tool_result` blocks and the answer cites them.
    ///
    /// - Parameters:
    ///   - maxUses: At most this many searches per request.
    ///   - allowedDomains: Only results from these domains (not with `blockedDomains`).
    ///   - blockedDomains: Never results from these domains.
    ///   - userLocation: Where the user is, for local results.
    ///   - responseInclusion: Whether results consumed by finished code execution stay in the response (`v20260318`).
    public static func webSearch(
        maxUses: Int? = nil, allowedDomains: [String]? = nil, blockedDomains: [String]? = nil,
        userLocation: UserLocation? = nil, responseInclusion: ResponseInclusion? = nil,
        version: WebSearchVersion = .v20250305
    ) -> Self {
        var settings: [String: JSONValue] = [:]
        if let maxUses { settings["max_uses"] = .int(maxUses) }
        if let allowedDomains { settings["allowed_domains"] = .array(allowedDomains.map(JSONValue.string)) }
        if let blockedDomains { settings["blocked_domains"] = .array(blockedDomains.map(JSONValue.string)) }
        if let userLocation { settings["user_location"] = userLocation.json }
        if let responseInclusion { settings["response_inclusion"] = .string(responseInclusion.rawValue) }
        return .server(type: version.rawValue, name: "web_search", settings: settings)
    }

    /// The user's approximate location, for more relevant search results.
    public struct UserLocation: Equatable, Sendable {
        /// The city, e.g. `San Francisco`.
        public var city: String?
        /// The region or state, e.g. `California`.
        public var region: String?
        /// The two-letter ISO country code, e.g. `US`.
        public var country: String?
        /// The IANA time zone, e.g. `America/Los_Angeles`.
        public var timezone: String?

        /// An approximate location; give what you know.
        public init(city: String? = nil, region: String? = nil, country: String? = nil, timezone: String? = nil) {
            self.city = city
            self.region = region
            self.country = country
            self.timezone = timezone
        }

        var json: JSONValue {
            var object: [String: JSONValue] = ["type": "approximate"]
            if let city { object["city"] = .string(city) }
            if let region { object["region"] = .string(region) }
            if let country { object["country"] = .string(country) }
            if let timezone { object["timezone"] = .string(timezone) }
            return .object(object)
        }
    }

    /// How a server tool's result blocks appear when finished code execution consumed them: `full` (the
    /// default) or `excluded` (the call and its result are left out of the response).
    public enum ResponseInclusion: String, Sendable {
        /// The call and its result stay in the response.
        case full
        /// The call and its result are left out.
        case excluded
    }

    // MARK: Web fetch

    /// The versions of the web fetch tool.
    public enum WebFetchVersion: String, Sendable, CaseIterable {
        /// `web_fetch_20250910`.
        case v20250910 = "web_fetch_20250910"
        /// `web_fetch_20260209`.
        case v20260209 = "web_fetch_20260209"
        /// Adds `use_cache`.
        case v20260309 = "web_fetch_20260309"
        /// Adds `response_inclusion`.
        case v20260318 = "web_fetch_20260318"
    }

    /// Web fetch, run by the API: the page or PDF comes back as a `web_fetch_tool_result` block holding a document.
    ///
    /// - Parameters:
    ///   - maxUses: At most this many fetches per request.
    ///   - allowedDomains: Only fetch from these domains.
    ///   - blockedDomains: Never fetch from these domains.
    ///   - citations: Whether the answer may cite the fetched documents (off by default).
    ///   - maxContentTokens: About how many tokens of page text to include (not for PDFs).
    ///   - useCache: `false` fetches fresh content instead of a cached copy (`v20260309` and later).
    ///   - responseInclusion: Whether results consumed by finished code execution stay in the response (`v20260318`).
    ///   - urlSources: Which sources may supply the URLs the tool fetches; all when nil.
    public static func webFetch(
        maxUses: Int? = nil, allowedDomains: [String]? = nil, blockedDomains: [String]? = nil, citations: Bool? = nil,
        maxContentTokens: Int? = nil, useCache: Bool? = nil, responseInclusion: ResponseInclusion? = nil,
        urlSources: WebFetchURLSources? = nil, version: WebFetchVersion = .v20250910
    ) -> Self {
        var settings: [String: JSONValue] = [:]
        if let maxUses { settings["max_uses"] = .int(maxUses) }
        if let allowedDomains { settings["allowed_domains"] = .array(allowedDomains.map(JSONValue.string)) }
        if let blockedDomains { settings["blocked_domains"] = .array(blockedDomains.map(JSONValue.string)) }
        if let citations { settings["citations"] = ["enabled": .bool(citations)] }
        if let maxContentTokens { settings["max_content_tokens"] = .int(maxContentTokens) }
        if let useCache { settings["use_cache"] = .bool(useCache) }
        if let responseInclusion { settings["response_inclusion"] = .string(responseInclusion.rawValue) }
        if let urlSources { settings["url_sources"] = urlSources.json }
        return .server(type: version.rawValue, name: "web_fetch", settings: settings)
    }

    /// Which sources contribute the URLs web fetch may fetch (`url_sources`); a source left nil contributes all.
    public struct WebFetchURLSources: Equatable, Sendable {
        /// URLs in user messages: ``Filter/everything`` or ``Filter/nothing``.
        public var userInput: Filter?
        /// URLs in the results of your own tools.
        public var clientToolResults: Filter?
        /// URLs in the results of server tools (only web search and web fetch contribute).
        public var serverToolResults: Filter?

        /// Which sources contribute fetchable URLs.
        public init(userInput: Filter? = nil, clientToolResults: Filter? = nil, serverToolResults: Filter? = nil) {
            self.userInput = userInput
            self.clientToolResults = clientToolResults
            self.serverToolResults = serverToolResults
        }

        /// How much of a source contributes (named so that `nothing` is never mistaken for an optional's `.none`).
        public enum Filter: Equatable, Sendable {
            /// Everything from the source (`all`).
            case everything
            /// Nothing from the source (`none`).
            case nothing
            /// Only the results of the tools with these names (declared in `tools`).
            case only([String])
            /// Every result but those of the tools with these names.
            case except([String])

            var json: JSONValue {
                switch self {
                case .everything: ["type": "all"]
                case .nothing: ["type": "none"]
                case .only(let names): ["type": "only", "tools": .array(names.map { ["type": "tool_reference", "name": .string($0)] })]
                case .except(let names): ["type": "except", "tools": .array(names.map { ["type": "tool_reference", "name": .string($0)] })]
                }
            }
        }

        var json: JSONValue {
            var object: [String: JSONValue] = [:]
            if let userInput { object["user_input"] = userInput.json }
            if let clientToolResults { object["client_tool_results"] = clientToolResults.json }
            if let serverToolResults { object["server_tool_results"] = serverToolResults.json }
            return .object(object)
        }
    }

    // MARK: Code execution

    /// The versions of the code execution tool.
    public enum CodeExecutionVersion: String, Sendable, CaseIterable {
        /// Python only.
        case v20250522 = "code_execution_20250522"
        /// Bash commands and file editing besides Python.
        case v20250825 = "code_execution_20250825"
        /// Keeps the Python interpreter's state across requests that reuse the container.
        case v20260120 = "code_execution_20260120"
        /// REPL state persistence.
        case v20260521 = "code_execution_20260521"
    }

    /// Code execution (`code_execution_20250825`), run by the API in a sandboxed container.
    public static let codeExecution = Self.codeExecution(version: .v20250825)

    /// Code execution of the given version, run by the API in a sandboxed container; files the code writes
    /// are returned as file ids you can download with the Files API.
    public static func codeExecution(version: CodeExecutionVersion) -> Self {
        .server(type: version.rawValue, name: "code_execution")
    }

    // MARK: Bash and text editor (run by your code)

    /// The versions of the bash tool.
    public enum BashVersion: String, Sendable, CaseIterable {
        /// The computer use beta's version (beta `computer-use-2024-10-22`).
        case v20241022 = "bash_20241022"
        /// `bash_20250124`.
        case v20250124 = "bash_20250124"
    }

    /// Bash (`bash_20250124`), executed by your code.
    public static let bash = Self.bash(version: .v20250124)

    /// Bash of the given version, executed by your code: the model sends `command` (or `restart`) and reads
    /// the output you return.
    public static func bash(version: BashVersion) -> Self {
        .server(type: version.rawValue, name: "bash")
    }

    /// The versions of the text editor tool.
    public enum TextEditorVersion: String, Sendable, CaseIterable {
        /// The computer use beta's version, named `str_replace_editor` (beta `computer-use-2024-10-22`).
        case v20241022 = "text_editor_20241022"
        /// Named `str_replace_editor`.
        case v20250124 = "text_editor_20250124"
        /// Named `str_replace_based_edit_tool`, without `undo_edit`.
        case v20250429 = "text_editor_20250429"
        /// Named `str_replace_based_edit_tool`; takes `max_characters`.
        case v20250728 = "text_editor_20250728"

        /// The name the API expects for this version.
        public var toolName: String {
            switch self {
            case .v20241022, .v20250124: "str_replace_editor"
            case .v20250429, .v20250728: "str_replace_based_edit_tool"
            }
        }
    }

    /// Text editor (`text_editor_20250728`), executed by your code.
    public static let textEditor = Self.textEditor()

    /// The text editor of the given version, executed by your code (view, create, str_replace, insert).
    ///
    /// - Parameter maxCharacters: How many characters a `view` shows at most (`v20250728`); the whole file when nil.
    public static func textEditor(version: TextEditorVersion = .v20250728, maxCharacters: Int? = nil) -> Self {
        .server(type: version.rawValue, name: version.toolName, settings: maxCharacters.map { ["max_characters": .int($0)] } ?? [:])
    }

    // MARK: Memory

    /// Memory (`memory_20250818`), executed by your code: the model keeps notes in a `/memories` directory
    /// you store (see ``AnthropicMemoryTool``).
    public static let memory = Self.server(type: "memory_20250818", name: "memory")

    // MARK: Tool search

    /// Tool search with BM25 (`tool_search_tool_bm25_20251119`): the model finds deferred tools by a natural
    /// language query; the API answers with `tool_reference` blocks that load them.
    public static let toolSearchBM25 = Self.server(type: "tool_search_tool_bm25_20251119", name: "tool_search_tool_bm25")

    /// Tool search with regular expressions (`tool_search_tool_regex_20251119`): the model finds deferred tools
    /// by a pattern over their names and descriptions.
    public static let toolSearchRegex = Self.server(type: "tool_search_tool_regex_20251119", name: "tool_search_tool_regex")

    // MARK: Computer use (beta)

    /// The versions of the computer use tool, each behind its beta.
    public enum ComputerVersion: String, Sendable, CaseIterable {
        /// Beta `computer-use-2024-10-22`.
        case v20241022 = "computer_20241022"
        /// Beta `computer-use-2025-01-24`.
        case v20250124 = "computer_20250124"
        /// Adds `enable_zoom`; beta `computer-use-2025-11-24`.
        case v20251124 = "computer_20251124"
    }

    /// Computer use, executed by your code: the model asks for screenshots, clicks and keystrokes on a display
    /// of the given size. The service sends the version's beta.
    public static func computer(
        displayWidth: Int, displayHeight: Int, displayNumber: Int? = nil, enableZoom: Bool? = nil,
        version: ComputerVersion = .v20251124
    ) -> Self {
        var settings: [String: JSONValue] = ["display_width_px": .int(displayWidth), "display_height_px": .int(displayHeight)]
        if let displayNumber { settings["display_number"] = .int(displayNumber) }
        if let enableZoom { settings["enable_zoom"] = .bool(enableZoom) }
        return .server(type: version.rawValue, name: "computer", settings: settings)
    }

    // MARK: Toolsets

    /// The browser toolset (`browser_toolset_20260801`): one entry that declares the browser tool family;
    /// `configs` overrides members by name (e.g. `["navigate": ["enabled": false]]`).
    public static func browserToolset(configs: [String: JSONValue]? = nil) -> Self {
        .server(type: "browser_toolset_20260801", name: "", settings: configs.map { ["configs": .object($0)] } ?? [:])
    }

    /// The computer toolset (`computer_toolset_20260801`): one entry that declares the computer tool family;
    /// `configs` overrides members by name (e.g. `["zoom": ["enabled": false]]`).
    public static func computerToolset(configs: [String: JSONValue]? = nil) -> Self {
        .server(type: "computer_toolset_20260801", name: "", settings: configs.map { ["configs": .object($0)] } ?? [:])
    }

    // MARK: Advisor (beta)

    /// The advisor tool (`advisor_20260301`, beta `advisor-tool-2026-03-01`): the model consults a second model
    /// for advice.
    ///
    /// - Parameters:
    ///   - model: The advisor's model.
    ///   - maxUses: At most this many consultations per request.
    ///   - maxTokens: The advisor's output cap.
    ///   - caching: Caches the advisor's prompt at this TTL.
    public static func advisor(
        model: Model, maxUses: Int? = nil, maxTokens: Int? = nil, caching: MessageParameter.CacheControl? = nil
    ) -> Self {
        var settings: [String: JSONValue] = ["model": .string(model.value)]
        if let maxUses { settings["max_uses"] = .int(maxUses) }
        if let maxTokens { settings["max_tokens"] = .int(maxTokens) }
        if let caching {
            var object: [String: JSONValue] = ["type": .string(caching.type.rawValue)]
            if let ttl = caching.ttl { object["ttl"] = .string(ttl.rawValue) }
            settings["caching"] = .object(object)
        }
        return .server(type: "advisor_20260301", name: "advisor", settings: settings)
    }
}
