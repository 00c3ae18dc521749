#if !SwiftNIO
#error("AISandbox runs on SwiftNIO: build it with the package's SwiftNIO trait, which is on by default.")
#endif
