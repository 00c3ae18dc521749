import Foundation

/// Where a story library lives when no folder is given.
public enum LibraryLocation {
    /// The folder's name under the platform's data directory.
    static let folderName = "InfiniteStories"

    /// The default library folder: `~/Library/Application Support/InfiniteStories` on Apple platforms,
    /// `$XDG_DATA_HOME/infinite-stories` (by default `~/.local/share/infinite-stories`) elsewhere, as each
    /// platform's conventions expect user data that is neither a document nor a cache.
    public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        #if canImport(Darwin)
        let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? homeDirectory(environment).appendingPathComponent("Library/Application Support", isDirectory: true)
        return support.appendingPathComponent(folderName, isDirectory: true)
        #else
        let dataHome: URL
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            dataHome = homeDirectory(environment).appendingPathComponent(".local/share", isDirectory: true)
        }
        return dataHome.appendingPathComponent("infinite-stories", isDirectory: true)
        #endif
    }

    /// `$HOME` when set (so tests and sandboxes can move it), the account's home otherwise.
    private static func homeDirectory(_ environment: [String: String]) -> URL {
        if let home = environment["HOME"], !home.isEmpty {
            return URL(fileURLWithPath: home, isDirectory: true)
        }
        return FileManager.default.homeDirectoryForCurrentUser
    }
}
