#if !SwiftNIO
#error("AIServerKit runs on SwiftNIO: build it with the package's SwiftNIO trait, which is on by default.")
#endif
