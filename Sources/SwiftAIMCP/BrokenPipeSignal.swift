#if SwiftAIMCP && (os(macOS) || os(Linux))
import AICore
#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Writing to a pipe whose reader is gone raises `SIGPIPE`, which ends the writing process by default: a server
/// that crashes while a request is on its way would take the app down with it. With the signal ignored the
/// write fails with `EPIPE` instead, and the request fails with a typed error.
enum BrokenPipeSignal {
    /// Ignores `SIGPIPE` unless the app installed a handler of its own (then it is left alone).
    static func ignoreUnlessHandled() {
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
            var current = sigaction()
            guard sigaction(SIGPIPE, nil, &current) == 0 else { return }
            #if canImport(Darwin)
                let handler = current.__sigaction_u.__sa_handler
            #else
                let handler = current.__sigaction_handler.sa_handler
            #endif
            if handler == nil {  // SIG_DFL
                signal(SIGPIPE, SIG_IGN)
            }
        #endif
    }
}
#endif
