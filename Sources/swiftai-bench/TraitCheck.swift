#if !SwiftNIO
#error("swiftai-bench runs on SwiftNIO: build it with the package's SwiftNIO trait, which is on by default.")
#endif
