/// The page's style sheet: readable at 200% zoom (sizes in rem, the views stack on a
/// narrow window), a dark theme when the desktop asks for one (`prefers-color-scheme`).
enum PageStyle {
    static let text = #"""
:root {
  --bg: #fdfdfc; --fg: #1d1d1b; --muted: #5f5f5a; --line: #d9d8d2; --accent: #1b5fb4;
  --mark: #ffe066; --mark-fg: #1d1d1b; --chip: #e6eefa; --bad: #b3261e; --panel: #f4f3ef;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #1b1b1d; --fg: #e8e6e1; --muted: #a8a59d; --line: #3a3a3e; --accent: #8ab4f8;
    --mark: #8a6d00; --mark-fg: #fff8dc; --chip: #253247; --bad: #f2b8b5; --panel: #242428;
  }
}
* { box-sizing: border-box; }
body { margin: 0; font: 1rem/1.5 system-ui, sans-serif; background: var(--bg); color: var(--fg); }
header { display: flex; align-items: center; gap: 1.5rem; padding: 0.5rem 1rem; border-bottom: 1px solid var(--line); flex-wrap: wrap; }
h1 { font-size: 1.25rem; margin: 0; }
h2 { font-size: 1.05rem; margin: 1rem 0 0.25rem; }
nav button { font: inherit; background: none; border: none; border-bottom: 3px solid transparent; color: var(--fg); padding: 0.4rem 0.6rem; cursor: pointer; }
nav button[aria-selected="true"] { border-bottom-color: var(--accent); font-weight: 600; }
main { padding: 1rem; }
form { display: flex; gap: 0.5rem; flex-wrap: wrap; align-items: center; }
input, select, textarea, button { font: inherit; color: var(--fg); background: var(--bg); border: 1px solid var(--line); border-radius: 0.3rem; padding: 0.35rem 0.5rem; }
#q { flex: 1 1 20rem; }
#question { flex: 1 1 30rem; }
button { cursor: pointer; }
button.primary, #ask-button { background: var(--accent); color: var(--bg); border-color: var(--accent); }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.status { color: var(--muted); min-height: 1.5rem; margin: 0.5rem 0; }
.split { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 1rem; }
@media (max-width: 60rem) { .split { grid-template-columns: minmax(0, 1fr); } }
#results { list-style: none; margin: 0; padding: 0; }
#results li { padding: 0.5rem; border-bottom: 1px solid var(--line); cursor: pointer; }
#results li[aria-selected="true"] { background: var(--panel); box-shadow: inset 3px 0 0 var(--accent); }
.title { font-weight: 600; }
.where, .facts { color: var(--muted); font-size: 0.9rem; overflow-wrap: anywhere; }
.found { font-size: 0.8rem; border: 1px solid var(--line); border-radius: 1rem; padding: 0 0.45rem; margin-left: 0.4rem; color: var(--muted); }
mark { background: var(--mark); color: var(--mark-fg); border-radius: 0.15rem; }
aside { background: var(--panel); border-radius: 0.4rem; padding: 0.75rem; min-height: 6rem; overflow-wrap: anywhere; }
aside pre, .passage { white-space: pre-wrap; font: inherit; margin: 0.5rem 0; }
.page { position: relative; display: inline-block; max-width: 100%; }
.page img { display: block; max-width: 100%; height: auto; background: #fff; }
.page .box { position: absolute; background: rgba(255, 200, 0, 0.4); outline: 2px solid rgba(230, 160, 0, 0.9); }
.chip { font: inherit; font-size: 0.85rem; padding: 0 0.35rem; margin: 0 0.1rem; border-radius: 0.8rem; background: var(--chip); border: 1px solid var(--line); color: var(--fg); }
.chip.invented, .chip.unsupported { color: var(--bad); border-color: var(--bad); text-decoration: line-through; }
.notice { border-left: 4px solid var(--accent); padding: 0.25rem 0.75rem; background: var(--panel); }
.notice.bad { border-color: var(--bad); }
.sources { list-style: none; padding: 0; }
.sources li { margin: 0.4rem 0; }
.quote { color: var(--muted); font-style: italic; }
table { border-collapse: collapse; }
td, th { text-align: left; padding: 0.2rem 0.75rem 0.2rem 0; border-bottom: 1px solid var(--line); vertical-align: top; }
#answer { white-space: pre-wrap; }
.turn { border-bottom: 1px solid var(--line); padding: 0.5rem 0; }
.turn .asked { font-weight: 600; }
.turn .said { white-space: pre-wrap; }
#conversations li.current { font-weight: 600; }
"""#
}
