// The API reference page's stylesheet, served beside the page under the site's CSP.

export const REFERENCE_PAGE_CSS = `
:root { color-scheme: light dark; --muted: #667; --line: #ccd; --code: #f3f3f6; }
@media (prefers-color-scheme: dark) { :root { --muted: #99a; --line: #445; --code: #23232b; } }
body { font: 15px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 70rem; padding: 1rem 1.5rem 4rem; }
code { font: 13px/1.4 ui-monospace, monospace; background: var(--code); padding: 0 .25em; border-radius: 3px; }
a { color: inherit; }
h1 .version { font-size: .6em; color: var(--muted); }
nav ul.toc { columns: 2 24rem; list-style: none; padding: 0; }
nav ul.toc > li { break-inside: avoid; margin-bottom: .75rem; font-weight: 600; }
nav ul.toc ul { list-style: none; padding-left: .5rem; font-weight: 400; }
nav a { text-decoration: none; }
.method { display: inline-block; min-width: 3.6em; font: 600 11px/1.6 ui-monospace, monospace; text-align: center; border-radius: 3px; color: #fff; background: #556; }
.method-get { background: #2a6cb0; } .method-post { background: #2e8540; } .method-put { background: #b36b00; } .method-delete { background: #b0312a; }
section.operation { border-top: 1px solid var(--line); padding: .5rem 0 1rem; }
section.operation h3 { margin: .5rem 0; }
h4 { margin: .75rem 0 .25rem; }
.security { color: var(--muted); margin: .25rem 0; }
table.parameters { border-collapse: collapse; }
table.parameters td, table.parameters th { border: 1px solid var(--line); padding: .2rem .5rem; text-align: left; vertical-align: top; }
ul.properties { list-style: none; padding-left: 1.25rem; border-left: 2px solid var(--line); margin: .25rem 0; }
.type { font-style: italic; }
.required { color: #b0312a; font-size: 12px; }
.constraint, .description, .note { color: var(--muted); font-size: 13px; margin-left: .25rem; }
dl.responses dt { margin-top: .25rem; }
details summary { cursor: pointer; }
`;
