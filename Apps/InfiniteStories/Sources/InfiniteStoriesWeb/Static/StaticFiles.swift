/// The app's files served from memory (no build step, no CDN): one stylesheet, one script, the service worker
/// that keeps saved stories for offline, the web app manifest and the icon.
enum StaticFiles {
    /// A small book-and-star icon, served as /favicon.ico and /icon.svg.
    static let icon = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#6b4fbb"/>\
        <path d="M7 9h8a2 2 0 0 1 1 1v14a3 3 0 0 0-2-1H7zM25 9h-8a2 2 0 0 0-1 1v14a3 3 0 0 1 2-1h7z" fill="#fffaf2"/>\
        <path d="M24 3l1 2 2 .3-1.5 1.4.4 2.1L24 7.8l-1.9 1 .4-2.1L21 5.3l2-.3z" fill="#ffd166"/></svg>
        """

    /// What makes the app installable: its name, where it starts, standalone display, its colors and icon.
    static let manifest = """
        {"name": "Infinite Stories", "short_name": "Stories", "start_url": "/", "scope": "/",
         "display": "standalone", "background_color": "#14121c", "theme_color": "#6b4fbb",
         "icons": [{"src": "/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"}]}
        """

    /// Every file by its URL path.
    static let all: [String: String] = [
        "/static/app.css": css, "/static/app.js": js, "/sw.js": serviceWorker, "/favicon.ico": icon, "/icon.svg": icon,
        "/manifest.webmanifest": manifest,
    ]
}
