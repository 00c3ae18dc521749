#!/usr/bin/env python3
"""Real-browser test of `infinite-stories serve --sandbox` (headless Chromium driven by Selenium).

Run from the repository root, after `swift build --package-path Apps/InfiniteStories`:

    python3 Apps/InfiniteStories/Tests/Browser/browser_test.py [--screenshots DIR]

It starts the already-built binary on a free port with a fresh library and goes through it as a parent would: the
first-run page, a hero and its avatar, a story written by pressing Enter while watching the streamed text grow
(the retry link never showing), Back from the finished story landing on the form, the narration in the <audio>
player with read-along and the sleep timer, night mode, the library, the usage chart, a story written with
JavaScript off, phone width in German (no sideways scrolling, the picture above the text), the Spanish interface,
reading a saved story offline (the server stopped, the service worker answering), and deleting the story. It fails
on any SEVERE browser console entry (JavaScript errors, CSP violations, failed loads), prints one screenshot per
page and ends with `N passed, M failed` (exit code 1 when something failed). Without Chromium, chromedriver or
selenium it prints `browser test skipped: ...` and exits 0.

`--readme-screenshots DIR` also writes the README's screenshots (phone and desktop, day and night) there.
"""

import argparse
import io
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import zipfile
from xml.etree import ElementTree

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
# Apps/InfiniteStories, found from this file, so the test runs from any directory.
PACKAGE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WAIT = 30  # seconds: the longest any single wait may take
TOTAL = 300  # seconds: the whole test
HERO = {"name": "Luna", "traits": "brave, curious", "appearance": "red hair, green raincoat",
        "ability": "talks to owls"}

# Runs in every page before the app's script: records the length of #story-text each time it changes (with the
# wall-clock time) in sessionStorage, so the samples survive the job page's redirect to the finished story. The
# sandbox writes a story in well under a second, too fast to catch by polling from here alone.
RECORDER = """
document.addEventListener('DOMContentLoaded', function () {
  var box = document.getElementById('story-text');
  if (!box || !document.querySelector('[data-events]')) { return; }
  var samples = [];
  var retry = document.getElementById('retry');
  function save() {
    samples.push([performance.timeOrigin + performance.now(), box.textContent.length]);
    try {
      sessionStorage.setItem('streamSamples', JSON.stringify(samples));
      if (retry && getComputedStyle(retry).display !== 'none') { sessionStorage.setItem('retryShown', 'yes'); }
    } catch (e) {}
  }
  save();
  new MutationObserver(save).observe(box, {childList: true, characterData: true, subtree: true});
});
"""


class Abort(Exception):
    """Stops the run early (the failure is already recorded)."""


def overran(signum, frame):
    raise TimeoutError(f"the whole test ran over {TOTAL}s")


def skip(reason):
    print(f"browser test skipped: {reason}")
    sys.exit(0)


class Results:
    def __init__(self):
        self.passed = 0
        self.failures = []

    def check(self, name, ok, message=""):
        if ok:
            self.passed += 1
            print(f"  ok    {name}")
        else:
            self.failures.append((name, message))
            print(f"  FAIL  {name}: {message}")
        return ok


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def find_binary():
    """The most recently built `infinite-stories`: the package's own build folder, or `Apps/.build`, which the
    test command's scripts/prepare-tests builds into (the app and the relay share it)."""
    candidates = []
    for scratch in (None, os.path.join(os.path.dirname(PACKAGE), ".build")):
        command = ["swift", "build", "--package-path", PACKAGE, "--show-bin-path"]
        if scratch:
            command += ["--scratch-path", scratch]
        try:
            out = subprocess.run(command, capture_output=True, text=True, timeout=WAIT)
        except (OSError, subprocess.TimeoutExpired) as error:
            return None, f"`swift build --show-bin-path` failed: {error}"
        path = os.path.join(out.stdout.strip(), "infinite-stories")
        if out.returncode == 0 and os.path.isfile(path):
            candidates.append(path)
    if not candidates:
        return None, (f"no built binary: run `swift build --package-path {os.path.relpath(PACKAGE)}` first "
                      f"(this test builds nothing)")
    return max(candidates, key=os.path.getmtime), None


def wait_until(condition, timeout=WAIT, interval=0.1):
    """Calls `condition` until it returns something truthy (returned) or `timeout` passes (returns None)."""
    deadline = time.monotonic() + min(timeout, WAIT)
    while True:
        try:
            value = condition()
            if value:
                return value
        except Exception:  # noqa: BLE001 — pages come and go while we poll
            pass
        if time.monotonic() >= deadline:
            return None
        time.sleep(interval)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--screenshots", help="folder for the page screenshots (default: a new temporary folder)")
    parser.add_argument("--readme-screenshots", help="also write the README's screenshots into this folder")
    args = parser.parse_args()

    for path in (CHROMIUM, CHROMEDRIVER):
        if not os.access(path, os.X_OK):
            skip(f"{path} not found (apt-get install chromium chromium-driver)")
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        from selenium.webdriver.common.by import By
        from selenium.webdriver.common.keys import Keys
    except ImportError:
        skip("the selenium Python package is not installed (pip install selenium)")

    binary, error = find_binary()
    if binary is None:
        print(f"browser test error: {error}")
        return 1

    started = time.monotonic()
    signal.signal(signal.SIGALRM, overran)
    signal.alarm(TOTAL)  # a hard stop: whatever hangs, the cleanup below still runs
    shots = args.screenshots or tempfile.mkdtemp(prefix="infinite-stories-screens-")
    os.makedirs(shots, exist_ok=True)
    work = tempfile.mkdtemp(prefix="infinite-stories-browser-")
    env = dict(os.environ)
    for name, sub in (("HOME", "home"), ("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"),
                      ("XDG_CACHE_HOME", "cache"), ("XDG_STATE_HOME", "state"), ("XDG_RUNTIME_DIR", "runtime")):
        env[name] = os.path.join(work, sub)
        os.makedirs(env[name], mode=0o700, exist_ok=True)
    env.pop("OPENAI_API_KEY", None)
    env.pop("INFINITE_STORIES_PASSWORD", None)
    env["SE_OFFLINE"] = "true"
    os.environ["SE_OFFLINE"] = "true"  # Selenium Manager must never try to download a driver or browser

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    results = Results()
    server_log = open(os.path.join(work, "server.log"), "w+")
    server = None
    driver = None
    shot_names = []
    try:
        def start_server():
            return subprocess.Popen(
                [binary, "serve", "--sandbox", "--port", str(port), "--library", os.path.join(work, "library")],
                env=env, stdin=subprocess.DEVNULL, stdout=server_log, stderr=subprocess.STDOUT, start_new_session=True)
        server = start_server()

        def answers():
            if server.poll() is not None:
                raise SystemExit(f"the server exited with {server.returncode}")
            with urllib.request.urlopen(base + "/", timeout=2) as response:
                return response.status == 200
        try:
            up = wait_until(answers, interval=0.2)
        except SystemExit as exit_error:
            up = False
            print(f"  {exit_error}")
        if not results.check("server answers", up, f"no answer from {base} within {WAIT}s"):
            raise Abort()

        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900",
                         "--autoplay-policy=no-user-gesture-required", "--lang=en-US",
                         f"--user-data-dir={os.path.join(work, 'chromium')}"):
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        options.page_load_strategy = "normal"
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        driver.set_page_load_timeout(WAIT)
        driver.set_script_timeout(WAIT)
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORDER})

        def js(script, *arguments):
            return driver.execute_script(script, *arguments)

        def page_done(name):
            """Screenshot, then fail on any SEVERE console entry since the last page."""
            file = os.path.join(shots, f"{len(shot_names) + 1:02d}-{name}.png")
            driver.save_screenshot(file)
            shot_names.append(os.path.basename(file))
            severe = [entry["message"] for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]
            results.check(f"{name}: no console errors", not severe, "; ".join(severe))

        def image_loaded(selector):
            return wait_until(lambda: js(
                "var i = document.querySelector(arguments[0]);"
                "return i && i.complete && i.naturalWidth > 0 ? i.naturalWidth : 0;", selector))

        def readme_shot(name):
            if args.readme_screenshots:
                os.makedirs(args.readme_screenshots, exist_ok=True)
                driver.save_screenshot(os.path.join(args.readme_screenshots, name + ".png"))

        def step(name, action):
            if time.monotonic() - started > TOTAL:
                results.check(name, False, f"skipped: the test ran over {TOTAL}s")
                return None
            try:
                return action()
            except Exception as error:  # noqa: BLE001 — one broken step must not hide the others
                results.check(name, False, f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}")
                return None

        state = {}

        # 1. The first run: an empty library offers the first hero; the saved hero offers a story and an avatar.
        def create_hero():
            driver.get(base + "/")
            driver.find_element(By.ID, "first-hero").click()
            wait_until(lambda: driver.current_url.endswith("/heroes/new"))
            for field, value in HERO.items():
                driver.find_element(By.ID, field).send_keys(value)
            driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()
            ok = wait_until(lambda: "/edit?created=1" in driver.current_url
                            and f"{HERO['name']} is saved." in driver.find_element(By.TAG_NAME, "main").text)
            results.check("hero created, its page offers a story and an avatar", ok
                          and driver.find_elements(By.ID, "write-for-hero"), f"at {driver.current_url}")
            page_done("hero-created")
        step("hero created, its page offers a story and an avatar", create_hero)

        def draw_avatar():
            estimate = driver.find_element(By.ID, "estimate").text
            results.check("the avatar's cost is shown before drawing (simulated)",
                          "Estimated cost" in estimate and "Simulated" in estimate, estimate)
            driver.find_element(By.CSS_SELECTOR, "form[action$='/avatar'] button[type=submit]").click()
            width = image_loaded("main img.avatar")
            results.check("hero avatar drawn and loaded (naturalWidth > 0)", width, "no loaded img.avatar")
            results.check("drawing ends on a page a reload can't re-post", "/edit?drawn=" in driver.current_url,
                          driver.current_url)
            page_done("hero-avatar")
        step("hero avatar drawn and loaded (naturalWidth > 0)", draw_avatar)

        # 2. A story for that hero, streamed.
        def write_story():
            driver.get(base + "/stories/new")
            options_text = [o.text for o in driver.find_elements(By.CSS_SELECTOR, "#hero option")]
            results.check("new story form lists the hero", HERO["name"] in options_text, f"options {options_text}")
            driver.find_element(By.XPATH, f"//select[@id='hero']/option[normalize-space()='{HERO['name']}']").click()
            driver.find_element(By.CSS_SELECTOR, "#event option[value='bedtime']").click()
            minutes = driver.find_element(By.ID, "minutes")
            before = driver.find_element(By.ID, "estimate").text
            minutes.clear()
            minutes.send_keys("1")
            estimate = driver.find_element(By.ID, "estimate").text
            results.check("the story's cost follows the length before writing", "Estimated cost" in estimate
                          and "Simulated" in estimate and estimate != before, f"{before!r} -> {estimate!r}")
            page_done("new-story")
            readme_shot("new-story-desktop-day")
            submitted = time.time() * 1000
            # Enter in the length field writes the story (it used to run the assistant's first button).
            minutes.send_keys(Keys.ENTER)
            # Poll too (the recorder inside the page is the precise witness; this is the outside view).
            polled = []
            deadline = time.monotonic() + WAIT
            while time.monotonic() < deadline:
                try:
                    url, length = js("var t = document.getElementById('story-text');"
                                     "return [location.pathname, t ? t.textContent.length : -1];")
                except Exception:  # noqa: BLE001 — navigating
                    url, length = "", -1
                if length >= 0 and "/stories/jobs/" in url:
                    polled.append(length)
                if url.startswith("/stories/") and "/jobs/" not in url and url not in ("/stories/new",):
                    break
                time.sleep(0.02)
            state["story_path"] = js("return location.pathname;")
            status = js("var s = document.getElementById('status'); return s ? s.textContent : '';")
            results.check("streaming ended on the story page",
                          state["story_path"].startswith("/stories/") and "/jobs/" not in state["story_path"],
                          f"at {driver.current_url}; status {status!r}")
            samples = json.loads(js("return sessionStorage.getItem('streamSamples') || '[]';"))
            lengths = [length for _, length in samples]
            grew = any(b > a for a, b in zip(lengths, lengths[1:])) or any(b > a for a, b in zip(polled, polled[1:]))
            results.check("streamed text grew while streaming", grew,
                          f"recorded lengths {lengths}, polled lengths {polled[:20]}")
            first = next((at for at, length in samples if length > 0), None)
            if first is not None:
                state["first_word_ms"] = first - submitted
            results.check("first streamed text seen", first is not None, f"recorded {samples}")
            results.check("the retry link stayed hidden while writing",
                          js("return sessionStorage.getItem('retryShown');") is None, "it showed")
            # Back from the finished story goes to the form, not to the job page (which bounced forward again).
            driver.back()
            back = wait_until(lambda: js("return location.pathname;") == "/stories/new", timeout=5)
            time.sleep(0.5)
            results.check("Back from the story lands on the form and stays", back
                          and js("return location.pathname;") == "/stories/new", f"at {driver.current_url}")
            print(f"  info  stream samples (ms after submit, characters): "
                  f"{[(round(at - submitted), length) for at, length in samples]}; polled {polled[:12]}")
            if "first_word_ms" in state:
                print(f"  info  time from submit to first streamed text: {state['first_word_ms']:.0f} ms")
        step("story written and streamed", write_story)

        # 3. The finished story: narration and picture.
        def story_page():
            if "/jobs/" in state.get("story_path", "/jobs/"):
                raise RuntimeError("no finished story to open")
            driver.get(base + state["story_path"])
            title = driver.find_element(By.TAG_NAME, "h1").text
            state["title"] = title
            text = driver.find_element(By.CSS_SELECTOR, "article .story-text").text
            results.check("story page shows the text", len(text) > 100 and HERO["name"] in text,
                          f"{len(text)} characters")
            duration = wait_until(lambda: js(
                "var a = document.querySelector('audio');"
                "if (!a) { return 0; }"
                "if (a.error) { throw new Error('audio error ' + a.error.code); }"
                "if (a.readyState === 0 && a.networkState !== 2) { a.load(); }"
                "return isFinite(a.duration) && a.duration > 0 ? a.duration : 0;"), interval=0.25)
            error = js("var a = document.querySelector('audio'); return a && a.error ? a.error.code : null;")
            results.check("audio element reports a duration > 0", duration,
                          f"duration never > 0 (media error {error})")
            if duration:
                print(f"  info  audio duration {duration:.2f} s")
            width = image_loaded("article img.avatar")
            results.check("story image loaded (naturalWidth > 0)", width, "no loaded article img.avatar")
            page_done("story")
            readme_shot("story-desktop-day")
        step("story page", story_page)

        # 3b. Read-along and the sleep timer on the story page.
        def read_along():
            starts = js("return Array.prototype.map.call(document.querySelectorAll('.story-text .sentence'),"
                        " function (s) { return Number(s.getAttribute('data-start')); });")
            results.check("the story's sentences carry narration times", len(starts) >= 3
                          and all(a < b for a, b in zip(starts, starts[1:])), f"starts {starts[:8]}")
            js("var a = document.getElementById('narration-audio'); a.currentTime = arguments[0];", starts[2] + 0.05)
            current = wait_until(lambda: js(
                "var c = document.querySelector('.sentence.current'); return c ? Number(c.getAttribute('data-start')) : null;"),
                timeout=5)
            results.check("read-along highlights the sentence being narrated", current == starts[2],
                          f"highlighted {current}, expected {starts[2]}")
        step("read-along", read_along)

        def sleep_timer():
            js("document.documentElement.setAttribute('data-timer-minute-ms', '600');"
               "var a = document.getElementById('narration-audio'); window.lowestVolume = 1;"
               "a.addEventListener('volumechange', function () { window.lowestVolume = Math.min(window.lowestVolume, a.volume); });"
               "a.currentTime = 0; a.play();")
            playing = wait_until(lambda: js("var a = document.getElementById('narration-audio');"
                                            "return !a.paused && a.currentTime > 0;"), timeout=10)
            results.check("the narration plays", playing, "never played")
            driver.find_element(By.CSS_SELECTOR, "#sleep-minutes option[value='5']").click()
            stopped = wait_until(lambda: js("var a = document.getElementById('narration-audio');"
                                            "return a.paused && document.querySelector('[data-sleep-timer]')"
                                            ".getAttribute('data-state') === 'stopped';"), timeout=10)
            status = js("return document.getElementById('sleep-status').textContent;")
            lowest = js("return window.lowestVolume;")
            volume = js("return document.getElementById('narration-audio').volume;")
            results.check("the sleep timer fades the narration out and stops it", stopped and status == "Good night."
                          and lowest < 0.9 and volume == 1, f"paused {stopped}, status {status!r}, lowest volume {lowest}, "
                          f"volume after {volume}")
            js("document.getElementById('sleep-minutes').value = '0';"
               "document.getElementById('sleep-minutes').dispatchEvent(new Event('change'));")
        step("sleep timer", sleep_timer)

        def night_mode():
            driver.find_element(By.CSS_SELECTOR, "header a.to-night").click()
            night = wait_until(lambda: js("return document.documentElement.getAttribute('data-theme');") == "night")
            background = js("return getComputedStyle(document.body).backgroundColor;")
            results.check("night mode dims the page", night and background == "rgb(19, 17, 25)", f"background {background}")
            driver.get(base + "/")
            kept = js("return document.documentElement.getAttribute('data-theme');") == "night"
            results.check("night mode is remembered", kept, "the next page is light")
            driver.get(base + state["story_path"])
            page_done("story-night")
            readme_shot("story-desktop-night")
            driver.find_element(By.CSS_SELECTOR, "header a.to-day").click()
            wait_until(lambda: js("return document.documentElement.getAttribute('data-theme');") == "day")
        step("night mode", night_mode)

        # 4. The library shows the story's card.
        def library():
            driver.get(base + "/")
            cards = [c.text for c in driver.find_elements(By.CSS_SELECTOR, "ul.cards li.card")]
            link = driver.find_elements(By.CSS_SELECTOR, f"li.card a[href='{state.get('story_path')}']")
            results.check("library shows the story card", link and any(state.get("title", "?") in c for c in cards),
                          f"cards {cards}")
            width = image_loaded("li.card img")
            results.check("library card image loaded", width, "no loaded card image")
            page_done("library")
        step("library shows the story card", library)

        # 5. Usage chart.
        def usage():
            driver.get(base + "/usage")
            rects = js("var s = document.querySelector('main svg'); return s ? s.querySelectorAll('rect').length : -1;")
            results.check("usage page has an SVG chart with bars", rects and rects > 0, f"rect count {rects}")
            rows = driver.find_elements(By.CSS_SELECTOR, "table.usage tbody tr")
            results.check("usage table has rows", len(rows) > 0, "no rows")
            page_done("usage")
        step("usage chart", usage)

        # 5a. A child: her story with a scene picture, a favourite, downloaded as an e-book.
        def child_story():
            driver.get(base + "/children/new")
            driver.find_element(By.ID, "name").send_keys("Mia")
            driver.find_element(By.CSS_SELECTOR, "#age option[value='2-4 years']").click()
            driver.find_element(By.ID, "avoid").send_keys("spiders")
            driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()
            wait_until(lambda: driver.current_url.endswith("/children"))
            driver.find_element(By.CSS_SELECTOR, "ul.cards a[href^='/stories/new?child=']").click()
            wait_until(lambda: driver.find_elements(By.ID, "scenes"))
            before = driver.find_element(By.ID, "estimate").text
            driver.find_element(By.CSS_SELECTOR, "#scenes option[value='1']").click()
            after = driver.find_element(By.ID, "estimate").text
            results.check("the estimate follows the scene pictures", before != after and "Estimated cost" in after,
                          f"{before!r} -> {after!r}")
            driver.find_element(By.CSS_SELECTOR, "form.new-story button.write").click()
            story = re.compile(r"^/stories/[0-9a-f-]{36}$")
            path = wait_until(lambda: (lambda p: p if story.match(p) else None)(js("return location.pathname;")))
            if not path:
                raise RuntimeError(f"no story page: at {driver.current_url}")
            results.check("the child's story says who it is for", "for Mia" in driver.find_element(
                By.CSS_SELECTOR, "main p.meta").text, driver.find_element(By.CSS_SELECTOR, "main p.meta").text)
            results.check("the scene picture is placed in the text and loads", image_loaded(".story-text figure.scene img"),
                          "no loaded scene picture")
            driver.find_element(By.ID, "favourite").click()
            starred = wait_until(lambda: "★" in driver.find_element(By.ID, "favourite").text)
            results.check("a story is marked as a favourite", starred, driver.find_element(By.ID, "favourite").text)
            page_done("child-story")
            with urllib.request.urlopen(base + path + "/story.epub", timeout=WAIT) as response:
                book = zipfile.ZipFile(io.BytesIO(response.read()))
            first = book.infolist()[0]
            names = book.namelist()
            xhtml = ElementTree.fromstring(book.read("OEBPS/story.xhtml"))
            ElementTree.fromstring(book.read("OEBPS/content.opf"))
            images = [n for n in names if n.startswith("OEBPS/scene-") or n.startswith("OEBPS/cover.")]
            results.check("the EPUB is a valid archive: mimetype first and stored, well-formed XHTML, the pictures in it",
                          book.testzip() is None and first.filename == "mimetype" and first.compress_type == zipfile.ZIP_STORED
                          and book.read("mimetype") == b"application/epub+zip" and xhtml.tag.endswith("html")
                          and len(images) == 2, f"names {names}")
        step("a child's story", child_story)

        # 5a''. The custom event assistant: suggestions that replace nothing until chosen, with undo; reloads ask again
        # for nothing.
        def assistant():
            driver.get(base + "/stories/new")
            mine = "Our first trip to the seaside"
            driver.find_element(By.ID, "custom").send_keys(mine)
            results.check("typing an event of one's own chooses it in the menu",
                          js("return document.getElementById('event').value;") == "", "the menu kept its event")
            driver.find_element(By.CSS_SELECTOR, "button[name=assist][value=enhance]").click()
            wait_until(lambda: "draft=" in driver.current_url)
            suggestion = driver.find_element(By.CSS_SELECTOR, ".assistant-answer blockquote").text
            kept = driver.find_element(By.ID, "custom").get_attribute("value")
            results.check("enhance shows a suggestion and keeps the parent's text", kept == mine and suggestion,
                          f"kept {kept!r}, suggestion {suggestion!r}")
            answered = driver.current_url
            driver.refresh()
            results.check("a reload shows the same answer without asking again", driver.current_url == answered
                          and driver.find_element(By.CSS_SELECTOR, ".assistant-answer blockquote").text == suggestion,
                          driver.current_url)
            driver.find_element(By.CSS_SELECTOR, ".assistant-answer button[name=use_custom]").click()
            # The blockquote shows the text with its white space folded; the field holds it as written.
            used = wait_until(lambda: " ".join(driver.find_element(By.ID, "custom").get_attribute("value").split())
                              == " ".join(suggestion.split()), timeout=5)
            driver.find_element(By.CSS_SELECTOR, ".assistant-answer button[name=use_custom]").click()
            undone = wait_until(lambda: driver.find_element(By.ID, "custom").get_attribute("value") == mine, timeout=5)
            results.check("'Use this description' replaces the text, 'Undo' puts it back", used and undone,
                          driver.find_element(By.ID, "custom").get_attribute("value"))
            driver.find_element(By.CSS_SELECTOR, "button[name=assist][value=title]").click()
            wait_until(lambda: driver.find_elements(By.CSS_SELECTOR, ".assistant-answer button[name=use_title]"))
            driver.find_element(By.CSS_SELECTOR, ".assistant-answer button[name=use_title]").click()
            named = wait_until(lambda: driver.find_element(By.ID, "title").get_attribute("value"))
            results.check("the suggested name goes into the event's name field", named, "no name")
            page_done("assistant")
        step("the custom event assistant", assistant)

        # 5a'. A monthly cap: a story that would pass it is refused before anything is spent, the form kept.
        def monthly_cap():
            driver.get(base + "/settings")
            field = driver.find_element(By.ID, "cap")
            field.clear()
            field.send_keys("0.01")
            field.submit()
            wait_until(lambda: "done=cap" in driver.current_url)
            driver.get(base + "/stories/new")
            driver.find_element(By.CSS_SELECTOR, "form.new-story button.write").click()
            refused = wait_until(lambda: driver.find_elements(By.CSS_SELECTOR, "main p.error"))
            message = refused[0].text if refused else ""
            results.check("a story over the monthly cap is refused, with what was spent and what it would cost",
                          "monthly cap of $0.01" in message and "Simulated" in message,
                          f"{message!r} at {driver.current_url}")
            driver.get_log("browser")  # the page's own 402 is expected
            page_done("over-the-cap")
            driver.get(base + "/settings")
            field = driver.find_element(By.ID, "cap")
            field.clear()
            field.submit()
            wait_until(lambda: "done=cap" in driver.current_url)
        step("monthly cap", monthly_cap)

        # 5b. Without JavaScript: the job page refreshes itself until the story is ready.
        def without_javascript():
            driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
            try:
                driver.get(base + "/stories/new")
                driver.find_element(By.CSS_SELECTOR, "form.new-story button.write").click()
                ready = wait_until(lambda: driver.find_elements(By.ID, "open-story"), timeout=20, interval=0.5)
                results.check("without JavaScript the job page reaches 'ready' with a link to the story", ready,
                              f"at {driver.current_url}: {driver.find_element(By.TAG_NAME, 'main').text[:200]!r}")
                page_done("job-without-javascript")
                driver.find_element(By.ID, "open-story").click()
                state["second_story"] = wait_until(lambda: js("return location.pathname;") if "/jobs/" not in
                                                   driver.current_url else None)
            finally:
                driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
        step("without JavaScript", without_javascript)

        # 5c. A phone, in German: nothing scrolls sideways, the picture sits above the text.
        def phone():
            driver.set_window_size(390, 844)
            try:
                driver.get(base + "/heroes/new?lang=de")
                driver.find_element(By.ID, "name").send_keys("Supercalifragilisticexpialidocious" * 2)
                driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()
                wait_until(lambda: "/edit?created=1" in driver.current_url)
                driver.get(base + "/heroes")
                wide = js("return document.documentElement.scrollWidth - document.documentElement.clientWidth;")
                results.check("phone: a long name doesn't scroll the page sideways", wide <= 0, f"{wide}px too wide")
                driver.get(base + state["story_path"])
                image = js("var i = document.querySelector('article img.avatar'), t = document.querySelector('.story-text');"
                           "return [getComputedStyle(i).cssFloat, Math.round(t.getBoundingClientRect().width),"
                           " document.documentElement.clientWidth];")
                results.check("phone: the picture sits above the text, which keeps the page's width",
                              image[0] == "none" and image[1] >= image[2] - 40, f"float, text width, page width {image}")
                meta = driver.find_element(By.CSS_SELECTOR, "main p.meta").text
                results.check("phone, German: the story's facts are German", "Schlafenszeit" in meta or "Englisch" in meta, meta)
                page_done("story-phone-de")
                driver.get(base + "/stories/new")
                readme_shot("new-story-phone-day")
                driver.get(base + state["story_path"] + "?theme=night")
                readme_shot("story-phone-night")
                driver.get(base + "/?theme=auto&lang=en")
            finally:
                driver.set_window_size(1280, 900)
        step("phone", phone)

        # 6. Spanish, through the header's language switch (kept by a cookie).
        def spanish():
            driver.get(base + "/")
            driver.find_element(By.CSS_SELECTOR, "header .langs a[lang='es']").click()
            ok = wait_until(lambda: driver.find_element(By.TAG_NAME, "h1").text == "Biblioteca")
            results.check("Spanish switch shows 'Biblioteca'", ok,
                          f"h1 {driver.find_element(By.TAG_NAME, 'h1').text!r}, lang "
                          f"{js('return document.documentElement.lang;')!r}")
            page_done("library-es")
            driver.get(base + "/heroes")
            heading = driver.find_element(By.TAG_NAME, "h1").text
            results.check("Spanish kept on the next page ('Héroes')", heading == "Héroes", f"h1 {heading!r}")
        step("Spanish interface", spanish)

        # 6b. Offline: with the server stopped, the service worker still has the story opened before — its text,
        # its picture and its narration (seekable).
        def offline():
            nonlocal server
            path = state.get("story_path")
            if not path:
                raise RuntimeError("no story to read offline")
            driver.get(base + path)
            controlled = wait_until(lambda: js("return !!navigator.serviceWorker.controller;"), timeout=10)
            if controlled is None:
                raise RuntimeError("no service worker controls the page")
            driver.get(base + path)
            kept = wait_until(lambda: driver.execute_async_script(
                "var path = arguments[0], done = arguments[arguments.length - 1];"
                "caches.open('infinite-stories-v1').then(function (c) {"
                "  return Promise.all([c.match(path), c.match(path + '/audio'), c.match(path + '/image')]);"
                "}).then(function (r) { done(r.every(Boolean)); });", path), timeout=10)
            results.check("the service worker keeps the opened story, its narration and picture", kept, "not all kept")
            server.terminate()
            server.wait(timeout=10)
            try:
                driver.get(base + path)
                title = driver.find_element(By.TAG_NAME, "h1").text
                results.check("offline: the saved story opens", title == state.get("title"), f"h1 {title!r}")
                duration = wait_until(lambda: js(
                    "var a = document.querySelector('audio'); if (a.readyState === 0 && a.networkState !== 2) { a.load(); }"
                    "return isFinite(a.duration) && a.duration > 0 ? a.duration : 0;"), timeout=10, interval=0.25)
                results.check("offline: the narration loads from the service worker", duration, "no duration")
                results.check("offline: the picture loads", image_loaded("article img.avatar"), "no picture")
                page_done("story-offline")
            finally:
                server = start_server()
                wait_until(answers, interval=0.2)
        step("offline", offline)

        # 7. Delete the story through its confirmation.
        def delete():
            path = state.get("story_path")
            if not path:
                raise RuntimeError("no story to delete")
            driver.get(base + "/")
            driver.find_element(By.CSS_SELECTOR, f"li.card a[href='{path}/delete']").click()
            wait_until(lambda: driver.find_elements(By.CSS_SELECTOR, "button.danger"))
            question = driver.find_element(By.TAG_NAME, "h1").text
            results.check("delete asks for confirmation (in Spanish)", "Borrar" in question, f"h1 {question!r}")
            page_done("delete-confirm")
            driver.find_element(By.CSS_SELECTOR, "button.danger").click()
            gone = wait_until(lambda: js("return location.pathname;") == "/"
                              and not driver.find_elements(By.CSS_SELECTOR, f"a[href='{path}']"))
            results.check("story gone from the library", gone,
                          f"at {driver.current_url}: {driver.find_element(By.TAG_NAME, 'main').text[:200]!r}")
            page_done("library-after-delete")
            driver.get(base + path)
            results.check("deleted story answers Not found", "/stories/" in driver.current_url
                          and not driver.find_elements(By.CSS_SELECTOR, "article"), driver.page_source[:200])
            driver.get_log("browser")  # the 404 above is expected
        step("delete the story", delete)
    except Abort:
        pass
    except Exception as error:  # noqa: BLE001
        results.check("browser session", False, f"{type(error).__name__}: {error}")
    finally:
        signal.alarm(0)
        if driver is not None:
            try:
                driver.quit()
            except Exception:  # noqa: BLE001
                pass
        if server is not None and server.poll() is None:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait(timeout=10)
    code = finish(results, shots, shot_names, server_log, started)
    shutil.rmtree(work, ignore_errors=True)
    return code


def finish(results, shots, shot_names, server_log, started):
    print(f"screenshots in {shots}: {', '.join(shot_names) if shot_names else '(none)'}")
    print(f"took {time.monotonic() - started:.1f} s")
    if results.failures:
        server_log.flush()
        server_log.seek(0)
        tail = server_log.read()[-2000:]
        if tail:
            print("server log (last lines):\n" + tail)
        for name, message in results.failures:
            print(f"FAILED {name}: {message}")
    print(f"{results.passed} passed, {len(results.failures)} failed")
    return 1 if results.failures else 0


if __name__ == "__main__":
    sys.exit(main())
