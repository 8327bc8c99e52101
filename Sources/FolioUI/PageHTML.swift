/// The page `folio ui` serves at `/`: the three views' skeleton. Everything the page needs
/// ships in the binary (`PageStyle`, `PageScript`); nothing is fetched from a network.
enum PageHTML {
    /// A magnifier over a page, the tab's icon.
    static let icon = ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="5" y="3" width="18" height="24" rx="2" fill="#f4f3ef" stroke="#1b5fb4" stroke-width="2"/><circle cx="19" cy="19" r="6" fill="none" stroke="#1b5fb4" stroke-width="3"/><path d="M23.5 23.5 29 29" stroke="#1b5fb4" stroke-width="3" stroke-linecap="round"/></svg>"##

    static let text = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Folio</title>
<link rel="stylesheet" href="/app.css">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head>
<body>
<header>
  <h1>Folio</h1>
  <nav role="tablist" aria-label="Views">
    <button role="tab" id="tab-search" data-view="search" aria-selected="true" aria-controls="view-search">Search</button>
    <button role="tab" id="tab-ask" data-view="ask" aria-selected="false" aria-controls="view-ask">Ask</button>
    <button role="tab" id="tab-library" data-view="library" aria-selected="false" aria-controls="view-library">Library</button>
  </nav>
</header>
<main>
  <section id="view-search" class="view" role="tabpanel" aria-labelledby="tab-search">
    <form id="search-form" role="search" autocomplete="off">
      <input id="q" type="search" placeholder="Search your documents — press / to come back here" aria-label="Search your documents" autofocus>
      <select id="type" aria-label="Type">
        <option value="">Any type</option>
        <option value="pdf">PDF</option>
        <option value="txt">Text</option>
        <option value="md">Markdown</option>
        <option value="html">HTML</option>
        <option value="document">Documents (Word, ODT, RTF)</option>
        <option value="spreadsheet">Spreadsheets</option>
        <option value="presentation">Presentations</option>
        <option value="epub">E-books</option>
        <option value="mail">Mail</option>
        <option value="image">Images and scans</option>
      </select>
      <input id="folder" type="text" placeholder="In folder (~/Documents/…)" aria-label="In folder">
      <label class="check"><input id="explain" type="checkbox"> Why these</label>
    </form>
    <p id="search-status" class="status" aria-live="polite"></p>
    <div class="split">
      <ol id="results" role="listbox" aria-label="Results"></ol>
      <aside id="preview" aria-live="polite" aria-label="Preview"></aside>
    </div>
  </section>
  <section id="view-ask" class="view" role="tabpanel" aria-labelledby="tab-ask" hidden>
    <form id="ask-form">
      <textarea id="question" rows="2" placeholder="Ask a question of your documents" aria-label="Question"></textarea>
      <button id="ask-button" type="submit">Ask</button>
    </form>
    <p id="ask-status" class="status" aria-live="polite"></p>
    <div id="calls" aria-label="Tools the model used"></div>
    <div class="split">
      <div>
        <div id="transcript" aria-label="The conversation so far"></div>
        <div id="answer" aria-live="polite"></div>
        <div id="sources"></div>
        <h2>Conversations <button id="new-conversation" type="button">New conversation</button></h2>
        <ul id="conversations"></ul>
      </div>
      <aside id="citation" aria-live="polite" aria-label="Cited passage"></aside>
    </div>
  </section>
  <section id="view-library" class="view" role="tabpanel" aria-labelledby="tab-library" hidden>
    <div id="library"></div>
    <form id="forget-form">
      <h2>Forget</h2>
      <p>Takes a file, or every file under a folder, out of the index (the files stay where they are).</p>
      <input id="forget-path" type="text" placeholder="/home/you/Documents/old" aria-label="File or folder to forget">
      <button type="submit">Forget</button>
      <p id="forget-status" class="status" aria-live="polite"></p>
    </form>
  </section>
</main>
<script src="/app.js"></script>
</body>
</html>
"""#
}
