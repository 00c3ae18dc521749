import AICore

extension ToolRunner {
    /// Runs the tool loop over chat completions: `parameters` holds the conversation so far; the runner's
    /// tools are added to its `tools`.
    ///
    /// ```swift
    /// let runner = ToolRunner(tools: [weather, clock], maxTurns: 6)
    /// for try await event in runner.run(service, chat: parameters) {
    ///     if case .textDelta(let text) = event { print(text, terminator: "") }
    /// }
    /// ```
    public func run(
        _ service: some OpenAIChatService, chat parameters: ChatCompletionParameters, options: RequestOptions = .default
    ) -> ToolRun {
        run(ChatToolLoop(service: service, parameters: parameters, options: options))
    }

    /// Runs the tool loop over the Responses API (turns chained with `previous_response_id` unless
    /// `store` is false; `background` requests are polled).
    public func run(
        _ service: some OpenAIResponsesService, responses parameters: ModelResponseParameter,
        options: RequestOptions = .default
    ) -> ToolRun {
        run(ResponsesToolLoop(service: service, parameters: parameters, options: options))
    }
}
