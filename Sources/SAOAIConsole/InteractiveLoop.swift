import Foundation

/// Reads prompts from standard input until `quit`, `exit` or end of input.
public enum InteractiveLoop {
    /// Calls `handle` with each line; it returns false to stop.
    public static func run(prompt: String = "You: ", _ handle: (String) async -> Bool) async {
        while true {
            print(prompt, terminator: "")
            fflush(nil)
            guard let line = readLine() else { break }
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty { continue }
            if ["quit", "exit"].contains(text.lowercased()) {
                print("Exiting.")
                break
            }
            if await !handle(text) { break }
        }
    }

    /// Writes to standard output at once.
    public static func write(_ text: String) {
        print(text, terminator: "")
        fflush(nil)
    }
}
