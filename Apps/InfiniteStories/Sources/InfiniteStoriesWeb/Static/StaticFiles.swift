/// The app's one stylesheet and one script, served from memory (no build step, no CDN).
enum StaticFiles {
    static let css = """
        :root { --ink: #2b2540; --paper: #fffaf2; --accent: #6b4fbb; --muted: #756f86; --card: #ffffff; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 17px/1.55 system-ui, sans-serif; color: var(--ink); background: var(--paper); }
        header { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; padding: .75rem 1.25rem;
          background: var(--accent); }
        header a { color: #fff; text-decoration: none; font-weight: 600; }
        header .langs a { font-weight: 400; font-size: .85rem; opacity: .85; margin-left: .4rem; }
        header .langs { margin-left: auto; }
        header form.signout { display: inline; margin: 0; }
        header form.signout button { margin: 0; padding: .2rem .7rem; background: #fff3; }
        main { max-width: 56rem; margin: 0 auto; padding: 1.25rem; }
        .cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); gap: 1rem;
          padding: 0; list-style: none; }
        .card { background: var(--card); border-radius: .75rem; padding: .9rem; box-shadow: 0 1px 4px #0002; }
        .card img { width: 100%; aspect-ratio: 1; object-fit: cover; border-radius: .5rem; }
        .card h2, .card h3 { margin: .4rem 0; font-size: 1.1rem; }
        .meta { color: var(--muted); font-size: .9rem; }
        form.inline { display: inline; }
        label { display: block; margin: .6rem 0 .2rem; font-weight: 600; }
        input, select, textarea { font: inherit; padding: .4rem; width: 100%; max-width: 32rem; }
        button, .button { font: inherit; padding: .45rem .9rem; border-radius: .4rem; border: 0; cursor: pointer;
          background: var(--accent); color: #fff; text-decoration: none; display: inline-block; margin-top: .6rem; }
        button.danger { background: #b3261e; }
        button.secondary { background: #e8e2f7; color: var(--ink); margin-right: .4rem; }
        .assistant-answer { background: #fff; border-left: 4px solid var(--accent); padding: .4rem .9rem; margin-top: .6rem; }
        .story-text { white-space: pre-wrap; font-size: 1.15rem; line-height: 1.7; }
        .story img.avatar { max-width: 16rem; border-radius: .75rem; float: right; margin: 0 0 1rem 1rem; }
        audio { width: 100%; margin: 1rem 0; }
        .status { color: var(--muted); font-style: italic; }
        .error { background: #fde7e9; border-left: 4px solid #b3261e; padding: .6rem .9rem; }
        table.usage { border-collapse: collapse; margin: 1rem 0; }
        table.usage th, table.usage td { padding: .3rem .6rem; border-bottom: 1px solid #ddd; text-align: right; }
        table.usage th[scope=row] { text-align: left; }
        svg.chart { max-width: 100%; height: auto; background: #fff; border-radius: .5rem; }
        @media print { header, form, audio, .status, button { display: none; } body { background: #fff; } }
        """

    /// A small book-and-star icon, served as /favicon.ico.
    static let icon = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#6b4fbb"/>\
        <path d="M7 9h8a2 2 0 0 1 1 1v14a3 3 0 0 0-2-1H7zM25 9h-8a2 2 0 0 0-1 1v14a3 3 0 0 1 2-1h7z" fill="#fffaf2"/>\
        <path d="M24 3l1 2 2 .3-1.5 1.4.4 2.1L24 7.8l-1.9 1 .4-2.1L21 5.3l2-.3z" fill="#ffd166"/></svg>
        """

    static let js = """
        // Text as it is written: listens to the job's server-sent events and appends each piece.
        document.addEventListener('DOMContentLoaded', function () {
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
            window.location.assign(JSON.parse(e.data));
          });
          source.addEventListener('failed', function (e) {
            source.close();
            status.textContent = JSON.parse(e.data);
            status.className = 'error';
            document.getElementById('retry').hidden = false;
          });
        });
        """
}
