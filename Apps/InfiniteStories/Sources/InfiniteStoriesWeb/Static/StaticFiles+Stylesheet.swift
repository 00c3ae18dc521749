extension StaticFiles {
    /// The one stylesheet: light by day; dimmed and warm at night (the device's dark setting, or the header's
    /// switch); phone widths stack the picture above the text and break long words.
    static let css = """
        :root { --ink: #2b2540; --paper: #fffaf2; --accent: #6b4fbb; --muted: #756f86; --card: #ffffff;
          --soft: #e8e2f7; --error: #fde7e9; --highlight: #ffe9a8; --header: #6b4fbb; --picture: none; }
        :root[data-theme=night] { --ink: #d8ccb4; --paper: #131119; --accent: #8b76c8; --muted: #9890a6;
          --card: #1e1a29; --soft: #2c2640; --error: #3d1f24; --highlight: #4a3d20; --header: #231d36;
          --picture: brightness(.75); }
        @media (prefers-color-scheme: dark) {
          :root:not([data-theme=day]) { --ink: #d8ccb4; --paper: #131119; --accent: #8b76c8; --muted: #9890a6;
            --card: #1e1a29; --soft: #2c2640; --error: #3d1f24; --highlight: #4a3d20; --header: #231d36;
            --picture: brightness(.75); }
          :root:not([data-theme=day]) .to-night { display: none; }
          :root:not([data-theme=day]) .to-day { display: inline; }
        }
        [hidden] { display: none !important; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 17px/1.55 system-ui, sans-serif; color: var(--ink); background: var(--paper); }
        h1, h2, h3, p, li, td, th, label, blockquote, .story-text { overflow-wrap: anywhere; }
        img { filter: var(--picture); }
        header { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; padding: .75rem 1.25rem;
          background: var(--header); }
        header a { color: #fff; text-decoration: none; font-weight: 600; }
        header .langs a { font-weight: 400; font-size: .85rem; opacity: .85; margin-left: .4rem; }
        header .langs { margin-left: auto; }
        .to-day { display: none; }
        :root[data-theme=night] .to-night { display: none; }
        :root[data-theme=night] .to-day { display: inline; }
        header .badge { background: #ffd166; color: #2b2540; border-radius: 1rem; padding: .1rem .6rem; font-size: .8rem; }
        header form.signout { display: inline; margin: 0; }
        header form.signout button { margin: 0; padding: .2rem .7rem; background: #fff3; }
        main { max-width: 56rem; margin: 0 auto; padding: 1.25rem; }
        .cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); gap: 1rem;
          padding: 0; list-style: none; }
        .card { background: var(--card); border-radius: .75rem; padding: .9rem; box-shadow: 0 1px 4px #0002; min-width: 0; }
        .card img { width: 100%; aspect-ratio: 1; object-fit: cover; border-radius: .5rem; }
        .card h2, .card h3 { margin: .4rem 0; font-size: 1.1rem; }
        a { color: var(--accent); }
        .meta, .hint { color: var(--muted); font-size: .9rem; }
        .hint { margin: .2rem 0; }
        .estimate { font-weight: 600; margin: 1rem 0 0; }
        form.inline { display: inline; }
        label.inline { display: inline; margin-left: .4rem; }
        input[type=checkbox] { width: auto; }
        .filters a { margin-right: .8rem; }
        .filters a.current { font-weight: 700; text-decoration: none; }
        figure.scene { margin: 1rem 0; white-space: normal; }
        figure.scene img { width: 100%; max-width: 32rem; border-radius: .75rem; display: block; }
        .story-links form { display: inline; }
        label { display: block; margin: .6rem 0 .2rem; font-weight: 600; }
        input, select, textarea { font: inherit; padding: .4rem; width: 100%; max-width: 32rem; color: var(--ink);
          background: var(--card); border: 1px solid var(--muted); border-radius: .3rem; }
        button, .button { font: inherit; padding: .45rem .9rem; border-radius: .4rem; border: 0; cursor: pointer;
          background: var(--accent); color: #fff; text-decoration: none; display: inline-block; margin-top: .6rem; }
        button.danger { background: #b3261e; }
        button.secondary, .button.secondary { background: var(--soft); color: var(--ink); margin-right: .4rem; }
        .implicit-submit { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
          clip: rect(0 0 0 0); border: 0; }
        .assistant-answer, .next-steps { background: var(--card); border-left: 4px solid var(--accent);
          padding: .4rem .9rem; margin-top: .6rem; }
        .assistant-answer blockquote { margin: .4rem 0; font-style: italic; }
        .story-text { white-space: pre-wrap; font-size: 1.15rem; line-height: 1.7; }
        .story-text .sentence.current { background: var(--highlight); border-radius: .2rem; }
        .story img.avatar { max-width: 16rem; border-radius: .75rem; float: right; margin: 0 0 1rem 1rem; }
        img.avatar { max-width: 100%; height: auto; }
        audio { width: 100%; margin: 1rem 0 .4rem; }
        .sleep-timer, .read-along { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin: .2rem 0; }
        .sleep-timer label, .read-along label { margin: 0; }
        .sleep-timer select { width: auto; }
        .read-along input { width: auto; }
        .status { color: var(--muted); font-style: italic; }
        .error { background: var(--error); border-left: 4px solid #b3261e; padding: .6rem .9rem; }
        table.usage { border-collapse: collapse; margin: 1rem 0; }
        table.usage th, table.usage td { padding: .3rem .6rem; border-bottom: 1px solid var(--soft); text-align: right; }
        table.usage th[scope=row] { text-align: left; }
        svg.chart { max-width: 100%; height: auto; background: var(--card); border-radius: .5rem; }
        svg.chart text { fill: var(--ink); }
        @media (max-width: 40rem) {
          main { padding: .75rem; }
          header { gap: .6rem; padding: .5rem .75rem; }
          header .langs { margin-left: 0; }
          .story img.avatar { float: none; display: block; width: 100%; max-width: 100%; margin: 0 0 1rem; }
        }
        @media print { header, form, audio, .status, button, .sleep-timer, .read-along { display: none; }
          body { background: #fff; color: #000; } }
        """
}
