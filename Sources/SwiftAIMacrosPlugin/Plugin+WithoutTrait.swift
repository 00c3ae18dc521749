#if !SwiftAIMacros
/// Without the SwiftAIMacros trait swift-syntax isn't part of the build, so the plugin has no macros; a plain
/// `swift build` of this package still builds every target, and an executable needs an entry point.
@main
enum SwiftAIMacrosPluginWithoutTrait {
    static func main() {}
}
#endif
