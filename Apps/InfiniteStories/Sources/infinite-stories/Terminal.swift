import Foundation

/// Writes to standard output at once (unbuffered, so a story appears as it is written).
func out(_ text: String = "", terminator: String = "\n") {
    FileHandle.standardOutput.write(Data((text + terminator).utf8))
}

/// Writes to standard error: progress and messages that are not the command's output.
func note(_ text: String, terminator: String = "\n") {
    FileHandle.standardError.write(Data((text + terminator).utf8))
}

/// Whether standard error is a terminal (then progress redraws one line; otherwise it prints whole lines).
var standardErrorIsTerminal: Bool { isatty(FileHandle.standardError.fileDescriptor) != 0 }
