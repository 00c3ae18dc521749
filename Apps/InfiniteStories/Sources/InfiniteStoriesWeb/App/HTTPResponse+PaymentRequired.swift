import HTTPTypes

extension HTTPResponse.Status {
    /// 402: what the monthly cap answers to an order that would pass it (HTTPTypes names no 402).
    static var paymentRequired: Self { .init(code: 402, reasonPhrase: "Payment Required") }
}
