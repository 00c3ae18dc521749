extension StaticFiles {
    /// The one script. Every page works without it; with it: the story appears as it is written, the New story
    /// form keeps its menu and its estimate in step with what is typed, the story page gets the sleep timer and
    /// read-along, and the service worker keeps saved stories for offline.
    static let js = """
        'use strict';
        document.addEventListener('DOMContentLoaded', function () {
          followJob();
          followForm();
          sleepTimer();
          readAlong();
          offline();
        });

        function remembered(key) { try { return localStorage.getItem(key); } catch (e) { return null; } }
        function remember(key, value) { try { localStorage.setItem(key, value); } catch (e) {} }

        // Text as it is written: the job's server-sent events from where the page left off. When the story is
        // saved the page is replaced by it, so Back leads to the form, not here.
        function followJob() {
          var box = document.querySelector('[data-events]');
          if (!box) { return; }
          var text = document.getElementById('story-text');
          var status = document.getElementById('status');
          var source = new EventSource(box.getAttribute('data-events'));
          source.addEventListener('delta', function (e) { text.textContent += JSON.parse(e.data); });
          source.addEventListener('status', function (e) { status.textContent = JSON.parse(e.data); });
          var bar = document.getElementById('narration');
          source.addEventListener('narration', function (e) {
            var parts = JSON.parse(e.data).split('/');
            bar.max = Number(parts[1]);
            bar.value = Number(parts[0]);
            bar.hidden = false;
          });
          source.addEventListener('done', function (e) {
            source.close();
            window.location.replace(JSON.parse(e.data));
          });
          source.addEventListener('failed', function (e) {
            source.close();
            status.textContent = JSON.parse(e.data);
            status.className = 'error';
            document.getElementById('retry').hidden = false;
          });
        }

        // The New story and avatar forms: typing an event of one's own shows it chosen in the menu; the estimate
        // follows the length (or the picture's size and quality).
        function followForm() {
          var custom = document.getElementById('custom');
          var event = document.getElementById('event');
          if (custom && event) {
            custom.addEventListener('input', function () { if (custom.value.trim()) { event.value = ''; } });
          }
          var estimate = document.getElementById('estimate');
          if (!estimate) { return; }
          var costs = JSON.parse(estimate.getAttribute('data-costs') || 'null');
          if (costs) {
            var minutes = document.getElementById('minutes');
            var scenes = document.getElementById('scenes');
            var quiet = document.getElementById('quiet');
            var money = new Intl.NumberFormat(document.documentElement.lang, {style: 'currency', currency: 'USD',
              minimumFractionDigits: 2, maximumFractionDigits: 3});
            var cents = new Intl.NumberFormat(document.documentElement.lang, {style: 'currency', currency: 'USD',
              minimumFractionDigits: 2, maximumFractionDigits: 2});
            var format = function (v) { return (Math.abs(v) < 1 ? money : cents).format(v); };
            var follow = function () {
              var i = Math.min(30, Math.max(1, Math.round(Number(minutes.value) || 5))) - 1;
              var story = costs.story[i], narration = quiet.checked ? 0 : costs.narration[i];
              var pictures = costs.cover[i] + Number(scenes.value) * costs.picture[0];
              var sentence = estimate.getAttribute('data-sentence').replace('{cost}', format(story + narration + pictures))
                .replace('{story}', format(story)).replace('{narration}', format(narration))
                .replace('{picture}', format(pictures));
              var simulated = estimate.getAttribute('data-simulated');
              estimate.textContent = simulated ? sentence + ' ' + simulated : sentence;
            };
            [minutes, scenes, quiet].forEach(function (f) { f.addEventListener('input', follow); f.addEventListener('change', follow); });
            return;
          }
          var sentences = JSON.parse(estimate.getAttribute('data-estimates') || '{}');
          var size = document.getElementById('size'), quality = document.getElementById('quality');
          if (size && quality) {
            var update = function () { estimate.textContent = sentences[size.value + ' ' + quality.value] || ''; };
            size.addEventListener('change', update);
            quality.addEventListener('change', update);
          }
        }

        // The sleep timer: after the chosen minutes the narration fades out over its last half minute and pauses.
        // The choice is remembered, and a remembered timer starts when the narration does.
        function sleepTimer() {
          var box = document.querySelector('[data-sleep-timer]');
          var audio = document.getElementById('narration-audio');
          if (!box || !audio) { return; }
          var select = box.querySelector('select');
          var status = document.getElementById('sleep-status');
          var minute = 60000, deadline = 0, tick = null, volume = 1;
          box.hidden = false;
          function clock(ms) {
            var s = Math.max(0, Math.ceil(ms / 1000));
            return Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0');
          }
          function stop() {
            if (tick) { clearInterval(tick); }
            tick = null;
            audio.volume = volume;
          }
          function update() {
            var left = deadline - Date.now();
            var fade = Math.min(30000, minute / 2);
            if (left <= 0) {
              audio.pause();
              stop();
              status.textContent = box.getAttribute('data-stopped');
              box.setAttribute('data-state', 'stopped');
              return;
            }
            if (left < fade) { audio.volume = volume * left / fade; }
            status.textContent = box.getAttribute('data-stops-in').replace('{time}', clock(left));
          }
          function start() {
            stop();
            box.removeAttribute('data-state');
            remember('is-sleep-minutes', select.value);
            var minutes = Number(select.value);
            if (!minutes) { status.textContent = ''; return; }
            volume = audio.volume;
            // A minute's length can be shortened by the page (the browser test waits seconds, not minutes).
            minute = Number(document.documentElement.getAttribute('data-timer-minute-ms')) || 60000;
            deadline = Date.now() + minutes * minute;
            tick = setInterval(update, 200);
            update();
          }
          var saved = remembered('is-sleep-minutes');
          if (saved && select.querySelector('option[value="' + saved + '"]')) { select.value = saved; }
          select.addEventListener('change', start);
          audio.addEventListener('play', function () { if (!tick && Number(select.value)) { start(); } });
        }

        // Read-along: the sentence being narrated is highlighted and kept in view; a tap on a sentence plays from
        // there. The timings come with the story (data-start, in seconds).
        function readAlong() {
          var audio = document.getElementById('narration-audio');
          var sentences = Array.prototype.slice.call(document.querySelectorAll('.story-text .sentence[data-start]'));
          var box = document.querySelector('[data-read-along]');
          if (!audio || !sentences.length || !box) { return; }
          var toggle = box.querySelector('input');
          box.hidden = false;
          toggle.checked = remembered('is-read-along') !== 'off';
          toggle.addEventListener('change', function () {
            remember('is-read-along', toggle.checked ? 'on' : 'off');
            if (!toggle.checked && current) { current.classList.remove('current'); current = null; }
          });
          var starts = sentences.map(function (s) { return Number(s.getAttribute('data-start')); });
          var current = null;
          audio.addEventListener('timeupdate', function () {
            if (!toggle.checked) { return; }
            var i = starts.length - 1;
            while (i > 0 && starts[i] > audio.currentTime) { i--; }
            var next = sentences[i];
            if (next === current) { return; }
            if (current) { current.classList.remove('current'); }
            next.classList.add('current');
            current = next;
            next.scrollIntoView({block: 'center', behavior: 'smooth'});
          });
          sentences.forEach(function (s, i) {
            s.addEventListener('click', function () {
              if (!toggle.checked) { return; }
              audio.currentTime = starts[i];
              audio.play();
            });
          });
        }

        // Installable and offline: the service worker keeps every story opened (text, narration, picture). Signing
        // in or out forgets what it kept, so another person's stories are never shown from it.
        function offline() {
          if (!('serviceWorker' in navigator) || !window.caches) { return; }
          if (document.querySelector('form[action="/login"]')) {
            caches.keys().then(function (keys) { keys.forEach(function (k) { caches.delete(k); }); });
            return;
          }
          navigator.serviceWorker.register('/sw.js').catch(function () {});
        }
        """
}
