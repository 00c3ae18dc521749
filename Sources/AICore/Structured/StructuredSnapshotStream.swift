/// A provider's stream reduced to the text of a structured answer: each element may add text; at the end the
/// accumulator says whether the answer completed (or was refused, cut off or filtered).
package protocol StructuredStreamAccumulator: Sendable {
    associatedtype Element: Sendable
    /// Adds an element; returns the answer text it added, if any.
    mutating func add(_ element: Element) -> String?
    /// After the last element: the provider's response, or the ``StructuredOutputError`` that ended it.
    func finish(text: String) throws -> any Sendable
}

/// Snapshots of a structured answer while it streams (``StructuredSnapshot``), then the decoded value. Pull-
/// based like the stream it reads: nothing is read ahead of the consumer.
package struct StructuredSnapshotStream<Base: AsyncSequence & Sendable, Accumulator: StructuredStreamAccumulator, Output: StructuredOutput>:
    AsyncSequence, Sendable
where Base.Element == Accumulator.Element {
    package typealias Element = StructuredSnapshot<Output>
    let base: Base
    let accumulator: Accumulator

    package init(base: Base, accumulator: Accumulator) {
        self.base = base
        self.accumulator = accumulator
    }

    package func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), accumulator: accumulator)
    }

    package struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        var accumulator: Accumulator
        var text = ""
        var done = false

        package mutating func next() async throws -> StructuredSnapshot<Output>? {
            guard !done else { return nil }
            while let element = try await base.next() {
                if let delta = accumulator.add(element), !delta.isEmpty {
                    text += delta
                    return StructuredOutputDecoding.snapshot(Output.self, text: text)
                }
            }
            done = true
            let raw = try accumulator.finish(text: text)
            let value = try StructuredOutputDecoding.decode(Output.self, from: text, rawResponse: raw)
            let last = StructuredOutputDecoding.snapshot(Output.self, text: text)
            return StructuredSnapshot(text: text, json: last.json, partial: last.partial, value: value)
        }
    }
}

/// A structured answer's value with the provider's response it came from.
public struct Parsed<Output: Sendable, Response: Sendable>: Sendable {
    public let value: Output
    public let response: Response

    public init(value: Output, response: Response) {
        self.value = value
        self.response = response
    }
}
