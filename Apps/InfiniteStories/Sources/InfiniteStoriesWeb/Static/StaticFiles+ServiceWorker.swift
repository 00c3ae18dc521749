extension StaticFiles {
    /// The service worker (served at /sw.js, so it covers the whole app). Pages come from the network first and
    /// from the cache when there is none; every story page opened is kept with its narration and picture (they
    /// never change), so a saved story plays without a network — the narration answering `Range` from the cache,
    /// as the player needs to seek. Deleting a story or signing out forgets what was kept.
    static let serviceWorker = """
        'use strict';
        var CACHE = 'infinite-stories-v1';
        var SHELL = ['/static/app.css', '/static/app.js', '/favicon.ico', '/icon.svg', '/manifest.webmanifest'];
        var STORY = /^\\/stories\\/[0-9a-f-]{36}$/;
        var STORY_MEDIA = /^\\/stories\\/[0-9a-f-]{36}\\/(audio|image)$/;
        var DELETE = /^\\/stories\\/([0-9a-f-]{36})\\/delete$/;

        self.addEventListener('install', function (e) {
          e.waitUntil(caches.open(CACHE).then(function (c) { return c.addAll(SHELL); }).then(function () {
            return self.skipWaiting();
          }));
        });
        self.addEventListener('activate', function (e) { e.waitUntil(self.clients.claim()); });

        self.addEventListener('fetch', function (e) {
          var request = e.request;
          var url = new URL(request.url);
          if (url.origin !== self.location.origin) { return; }
          if (request.method === 'POST') {
            var deleted = DELETE.exec(url.pathname);
            if (deleted) { e.waitUntil(forget('/stories/' + deleted[1])); }
            if (url.pathname === '/logout') { e.waitUntil(caches.delete(CACHE)); }
            return;
          }
          if (request.method !== 'GET' || url.pathname.slice(-7) === '/events') { return; }
          if (STORY_MEDIA.test(url.pathname)) { e.respondWith(media(request, url.pathname)); return; }
          if (request.mode === 'navigate') { e.respondWith(page(e, request, url.pathname)); return; }
          if (SHELL.indexOf(url.pathname) >= 0) {
            e.respondWith(fetch(request).then(function (response) {
              if (response.ok) {
                var copy = response.clone();
                caches.open(CACHE).then(function (c) { c.put(url.pathname, copy); });
              }
              return response;
            }).catch(function () { return caches.match(url.pathname); }));
          }
        });

        function page(e, request, path) {
          return fetch(request).then(function (response) {
            var keep = response.ok && response.type === 'basic' && !response.redirected && (STORY.test(path) || path === '/');
            if (keep) {
              var copy = response.clone();
              e.waitUntil(caches.open(CACHE).then(function (c) {
                return c.put(path, copy).then(function () { return STORY.test(path) ? keepMedia(c, path) : null; });
              }));
            }
            return response;
          }).catch(function () {
            return caches.match(path).then(function (hit) { return hit || caches.match('/'); }).then(function (hit) {
              return hit || new Response('Offline.', {status: 503, headers: {'Content-Type': 'text/plain; charset=utf-8'}});
            });
          });
        }

        function keepMedia(cache, path) {
          return Promise.all(['/audio', '/image'].map(function (part) {
            return cache.match(path + part).then(function (hit) {
              if (hit) { return null; }
              return fetch(path + part).then(function (r) { return r.status === 200 ? cache.put(path + part, r) : null; })
                .catch(function () { return null; });
            });
          }));
        }

        function forget(path) {
          return caches.open(CACHE).then(function (c) {
            return Promise.all([path, path + '/audio', path + '/image', '/'].map(function (p) { return c.delete(p); }));
          });
        }

        function media(request, path) {
          return caches.open(CACHE).then(function (c) { return c.match(path); }).then(function (hit) {
            if (!hit) { return fetch(request); }
            var range = request.headers.get('Range');
            if (!range) { return hit; }
            return hit.arrayBuffer().then(function (body) { return slice(body, range, hit.headers.get('Content-Type')); });
          });
        }

        // A 206 from a kept file, as the server answers a Range (one range; 416 when it is past the end).
        function slice(body, range, type) {
          var size = body.byteLength;
          var m = /^bytes=(\\d*)-(\\d*)$/.exec(range.trim());
          if (!m || (m[1] === '' && m[2] === '')) {
            return new Response(body, {status: 200, headers: {'Content-Type': type, 'Accept-Ranges': 'bytes'}});
          }
          var start = m[1] === '' ? Math.max(0, size - Number(m[2])) : Number(m[1]);
          var end = m[1] === '' || m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
          if (start >= size || start > end) {
            return new Response('', {status: 416, headers: {'Content-Range': 'bytes */' + size}});
          }
          return new Response(body.slice(start, end + 1), {status: 206, headers: {
            'Content-Type': type, 'Accept-Ranges': 'bytes', 'Content-Length': String(end - start + 1),
            'Content-Range': 'bytes ' + start + '-' + end + '/' + size}});
        }
        """
}
