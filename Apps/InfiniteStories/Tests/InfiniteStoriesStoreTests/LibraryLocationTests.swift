import Foundation
import InfiniteStoriesStore
import Testing

@Suite("Library location")
struct LibraryLocationTests {
    #if !canImport(Darwin)
    @Test("Linux: $XDG_DATA_HOME/infinite-stories, else ~/.local/share/infinite-stories")
    func xdg() {
        #expect(LibraryLocation.defaultFolder(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/ana"]).path
            == "/data/infinite-stories")
        #expect(LibraryLocation.defaultFolder(environment: ["HOME": "/home/ana"]).path
            == "/home/ana/.local/share/infinite-stories")
        // A relative XDG_DATA_HOME is invalid by the spec and ignored.
        #expect(LibraryLocation.defaultFolder(environment: ["XDG_DATA_HOME": "data", "HOME": "/home/ana"]).path
            == "/home/ana/.local/share/infinite-stories")
    }
    #endif
}
