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
        var STORY_MEDIA = /^\\/stories\\/[0-9a-f-]{36}\\/(audio|image|scenes\\/\\d+)$/;
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
            if (url.pathname === '/logout') { e.waitUntil(caches.delete(CACHE)); }
            if (!deleted) { return; }
            // Forget the story only once the server has deleted it (a refused form keeps the offline copy).
            e.respondWith(fetch(request).then(function (response) {
              if (response.ok || response.type === 'opaqueredirect') { e.waitUntil(forget('/stories/' + deleted[1])); }
              return response;
            }));
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
            // The library is kept as a whole: a search or a filter is not the library.
            var whole = STORY.test(path) || (path === '/' && new URL(request.url).search === '');
            var keep = response.ok && response.type === 'basic' && !response.redirected && whole;
            if (keep) {
              var copy = response.clone();
              var html = STORY.test(path) ? response.clone().text() : Promise.resolve('');
              e.waitUntil(Promise.all([caches.open(CACHE), html]).then(function (both) {
                return both[0].put(path, copy).then(function () { return keepMedia(both[0], both[1]); });
              }));
            }
            return response;
          }).catch(function () {
            return caches.match(path).then(function (hit) { return hit || caches.match('/'); }).then(function (hit) {
              return hit || new Response('Offline.', {status: 503, headers: {'Content-Type': 'text/plain; charset=utf-8'}});
            });
          });
        }

        // The story's narration, picture and scenes: every media address the page refers to.
        function keepMedia(cache, html) {
          var found = {}, pattern = /(?:src|href)="(\\/stories\\/[0-9a-f-]{36}\\/(?:audio|image|scenes\\/\\d+))"/g, m;
          while ((m = pattern.exec(html))) { found[m[1]] = true; }
          return Promise.all(Object.keys(found).map(function (media) {
            return cache.match(media).then(function (hit) {
              if (hit) { return null; }
              return fetch(media).then(function (r) { return r.status === 200 ? cache.put(media, r) : null; })
                .catch(function () { return null; });
            });
          }));
        }

        function forget(path) {
          return caches.open(CACHE).then(function (c) {
            return c.keys().then(function (requests) {
              return Promise.all(requests.filter(function (r) {
                var p = new URL(r.url).pathname;
                return p === '/' || p === path || p.indexOf(path + '/') === 0;
              }).map(function (r) { return c.delete(r); }));
            });
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
