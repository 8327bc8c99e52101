// The page's script: search as you type, the preview of a result's page, the answer as it
// streams with its citations as chips, the conversations, the library. Keyboard first: `/`
// focuses the search, arrows move through the results, Enter opens the one selected. Each
// keystroke's time to the list drawn is kept in `window.folioTimings` (the benchmark reads it).
"use strict";
const $ = (id) => document.getElementById(id);
window.folioTimings = [];
window.folioPreviewTimings = [];

function element(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes || {})) {
    if (value === null || value === undefined || value === false) continue;
    // Styles through the CSSOM: the page's Content-Security-Policy forbids style attributes.
    if (key === "class") node.className = value; else if (key === "style") Object.assign(node.style, value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) if (child !== null && child !== undefined) node.append(child);
  return node;
}

/// The text with its highlights ([start, end) in characters) as <mark>s.
function highlighted(text, highlights) {
  const parts = [];
  let at = 0;
  const characters = Array.from(text);
  for (const [start, end] of highlights || []) {
    if (start < at) continue;
    parts.push(characters.slice(at, start).join(""), element("mark", {}, characters.slice(start, end).join("")));
    at = end;
  }
  parts.push(characters.slice(at).join(""));
  return parts;
}

function home(path) { return window.folioHome && path.startsWith(window.folioHome + "/") ? "~" + path.slice(window.folioHome.length) : path; }

/// A query string, spaces as %20 (the server reads "+" as a plus).
function query(parameters) {
  return Object.entries(parameters).filter(([, value]) => value !== undefined && value !== null && value !== "")
    .map(([key, value]) => encodeURIComponent(key) + "=" + encodeURIComponent(value)).join("&");
}

async function api(path, options) {
  const response = await fetch(path, Object.assign({ credentials: "same-origin" }, options || {}));
  if (!response.ok) {
    let message = response.statusText;
    try {
      message = (await response.json()).error || message;
    } catch (_) {
      // Not JSON: the status text says what failed.
    }
    throw new Error(message);
  }
  return response;
}

// Views.
function show(view) {
  for (const tab of document.querySelectorAll("nav button")) {
    const selected = tab.dataset.view === view;
    tab.setAttribute("aria-selected", selected ? "true" : "false");
    $("view-" + tab.dataset.view).hidden = !selected;
  }
  if (view === "library") loadLibrary();
  if (view === "ask") { $("question").focus(); listConversations(); }
  if (view === "search") $("q").focus();
}
for (const tab of document.querySelectorAll("nav button")) tab.addEventListener("click", () => show(tab.dataset.view));

// Search as you type.
let searchController = null;
let results = [];
window.folioResults = () => results;
let selected = -1;
let keyAt = null;

async function search() {
  const q = $("q").value.trim();
  const started = keyAt ?? performance.now();
  keyAt = null;
  if (searchController) searchController.abort();
  if (!q) { results = []; drawResults(); $("search-status").textContent = ""; return; }
  searchController = new AbortController();
  const parameters = query({ q, limit: "20", type: $("type").value, path: $("folder").value.trim() });
  try {
    const response = await api("/api/search?" + parameters, { signal: searchController.signal });
    const body = await response.json();
    results = body.results || [];
    selected = results.length ? 0 : -1;
    drawResults(body);
    window.folioTimings.push(performance.now() - started);
    if (results.length) preview(0);
  } catch (error) {
    if (error.name !== "AbortError") $("search-status").textContent = error.message;
  }
}

function drawResults(body) {
  const list = $("results");
  list.replaceChildren(...results.map((hit, index) => {
    const where = [home(hit.path)];
    if (hit.type === "pdf" || hit.type === "image" || hit.page > 1) where.push("page " + (hit.page_label || hit.page));
    if (hit.section) where.push("§ " + hit.section);
    if (hit.offline) where.push("on a drive that is not connected (" + home(hit.offline.mount_point) + ")");
    const found = { words: "words", meaning: "by meaning", words_and_meaning: "words and meaning" }[hit.found_by] || hit.found_by;
    const facts = $("explain").checked ? element("div", { class: "facts" }, explanation(hit)) : null;
    return element("li", { role: "option", id: "result-" + index, "aria-selected": index === selected ? "true" : "false",
                           onclick: () => { select(index); } },
      element("div", {}, element("span", { class: "title" }, hit.title || hit.path.split("/").pop()), element("span", { class: "found" }, found)),
      element("div", { class: "where" }, where.join(" · ")),
      element("div", { class: "snippet" }, highlighted(hit.snippet || "", hit.highlights)),
      facts);
  }));
  if (body) {
    const notes = [];
    notes.push(results.length ? `${results.length} result${results.length === 1 ? "" : "s"}` : "Nothing found.");
    if (body.unmatched_words && body.unmatched_words.length) notes.push("no document has: " + body.unmatched_words.join(", "));
    if (body.note) notes.push(body.note);
    $("search-status").textContent = notes.join(" — ");
  }
}

function explanation(hit) {
  const parts = [];
  const ranking = hit.ranking || {};
  parts.push(ranking.lexical_rank ? "words #" + ranking.lexical_rank : hit.ranking ? "words: not found" : "words #" + hit.rank);
  if (ranking.semantic_rank) parts.push("meaning #" + ranking.semantic_rank + (ranking.similarity !== null && ranking.similarity !== undefined ? " (cosine " + ranking.similarity.toFixed(2) + ")" : ""));
  if (hit.matches_all_terms) parts.push("holds every word");
  if (hit.navigation) parts.push("contents page");
  return parts.join(" · ");
}

function select(index) {
  if (index < 0 || index >= results.length) return;
  selected = index;
  for (const [i, item] of Array.from($("results").children).entries()) item.setAttribute("aria-selected", i === index ? "true" : "false");
  $("result-" + index).scrollIntoView({ block: "nearest" });
  preview(index);
}

/// A PDF page as the results name it: by its printed label, with its place in the file when
/// the two differ ("page 41 (42nd of 114)"), else "page 42 of 114".
function pageName(page, body) {
  if (!body.label) return "page " + page + " of " + body.pages;
  const suffix = page % 100 >= 11 && page % 100 <= 13 ? "th" : ["th", "st", "nd", "rd"][page % 10] || "th";
  return "page " + body.label + " (" + page + suffix + " of " + body.pages + ")";
}

let previewController = null;
async function preview(index) {
  const hit = results[index];
  if (!hit) return;
  await showPage($("preview"), hit.path, hit.page, $("q").value, hit.type, hit.title);
}

/// A page in `target`: the PDF page's image with the words' boxes over it, or the text with
/// its highlights; an Open button.
async function showPage(target, path, page, words, type, title) {
  if (previewController) previewController.abort();
  previewController = new AbortController();
  const started = performance.now();
  const parameters = query({ path, page: String(page || 1), q: words || "" });
  try {
    const body = await (await api("/api/preview?" + parameters, { signal: previewController.signal })).json();
    const open = element("button", { class: "primary", onclick: () => openFile(path, page) }, "Open");
    const heading = element("div", {}, element("span", { class: "title" }, title || path.split("/").pop()), " ",
                            element("span", { class: "where" }, home(path) + (body.type === "pdf" ? " · " + pageName(page, body) : "")), " ", open);
    if (body.type === "pdf") {
      const image = element("img", { src: body.image, alt: "Page " + page + " of " + path.split("/").pop(), width: body.width, height: body.height });
      const percent = (value, whole) => (100 * value / whole) + "%";
      const boxes = body.boxes.map(([x, y, w, h]) => element("div", { class: "box", style:
        { left: percent(x, body.width), top: percent(y, body.height), width: percent(w, body.width), height: percent(h, body.height) } }));
      const frame = element("div", { class: "page" }, image, boxes);
      await new Promise((resolve) => { image.onload = resolve; image.onerror = resolve; });
      target.replaceChildren(heading, frame);
    } else {
      target.replaceChildren(heading, element("pre", {}, highlighted(body.text, body.highlights)));
    }
    target.dataset.path = path;
    target.dataset.page = String(page || 1);
    window.folioPreviewTimings.push(performance.now() - started);
  } catch (error) {
    if (error.name !== "AbortError") target.replaceChildren(element("p", { class: "notice bad" }, error.message));
  }
}

async function openFile(path, page) {
  try {
    await api("/api/open", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ path, page: page || 1 }) });
  } catch (error) {
    $("search-status").textContent = "Could not open " + path + ": " + error.message;
  }
}

$("q").addEventListener("keydown", (event) => {
  if (event.key === "ArrowDown") { select(Math.min(selected + 1, results.length - 1)); event.preventDefault(); }
  else if (event.key === "ArrowUp") { select(Math.max(selected - 1, 0)); event.preventDefault(); }
  else if (event.key === "Enter") { const hit = results[selected]; if (hit) openFile(hit.path, hit.page); event.preventDefault(); }
  else keyAt = performance.now();
});
$("q").addEventListener("input", search);
for (const id of ["type", "folder"]) $(id).addEventListener("change", search);
// The ranking facts come with every result: showing them needs no new search.
$("explain").addEventListener("change", () => drawResults());
$("search-form").addEventListener("submit", (event) => event.preventDefault());
document.addEventListener("keydown", (event) => {
  const typing = ["INPUT", "TEXTAREA", "SELECT"].includes(document.activeElement.tagName);
  if (event.key === "/" && !typing) { show("search"); $("q").select(); event.preventDefault(); }
});

// Ask: a conversation, each question after the turns before it.
let answer = null;
let conversationId = null;
let asked = null;
$("ask-form").addEventListener("submit", (event) => { event.preventDefault(); ask(); });
$("question").addEventListener("keydown", (event) => {
  if (event.key === "Enter" && !event.shiftKey) { event.preventDefault(); ask(); }
});

async function ask() {
  const question = $("question").value.trim();
  if (!question) return;
  if (answer && asked) $("transcript").append(turnElement(asked, $("answer").textContent, answer.citations));
  asked = question;
  $("question").value = "";
  $("calls").replaceChildren();
  $("answer").replaceChildren();
  $("sources").replaceChildren();
  $("citation").replaceChildren();
  $("ask-status").textContent = "Searching…";
  $("ask-button").disabled = true;
  answer = null;
  try {
    const body = conversationId === null ? { question } : { question, conversation: conversationId };
    const response = await api("/api/ask", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let newline;
      while ((newline = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        if (line.trim()) onAskEvent(JSON.parse(line));
      }
    }
  } catch (error) {
    $("ask-status").replaceChildren(element("span", { class: "notice bad" }, error.message));
  } finally {
    $("ask-button").disabled = false;
  }
}

function onAskEvent(event) {
  if (event.type === "waiting") {
    $("ask-status").textContent = `Asking ${event.model} (${event.provider}) with ${event.passages} passage${event.passages === 1 ? "" : "s"}…`;
  } else if (event.type === "text") {
    $("answer").append(event.text);
  } else if (event.type === "citation") {
    $("answer").append(element("button", { class: "chip" + (event.invented ? " invented" : ""), "data-number": event.number,
      title: event.invented ? event.reason : "Show passage " + event.number, onclick: () => showCitation(event.number) }, event.shown));
  } else if (event.type === "searching") {
    $("ask-status").textContent = "Searching for: " + event.text;
  } else if (event.type === "call") {
    const found = event.error ? "error: " + event.error : event.found.length ? event.found.map((n) => "[" + n + "]").join(" ") : "nothing new";
    $("calls").append(element("span", { class: "chip call", title: event.arguments }, event.name + " → " + found));
  } else if (event.type === "answer") {
    answer = event.answer;
    conversationId = answer.conversation ? answer.conversation.id : conversationId;
    finishAnswer();
    listConversations();
  } else if (event.type === "error") {
    $("ask-status").replaceChildren(element("span", { class: "notice bad" }, event.message));
  }
}

/// A turn of the conversation as read before this one: the question, the answer, its sources.
function turnElement(question, text, sources) {
  return element("div", { class: "turn" }, element("div", { class: "asked" }, question), element("div", { class: "said" }, text),
    element("ul", { class: "sources" }, (sources || []).map((s) => element("li", {}, "[" + s.number + "] " + home(s.path) + " “" + s.quote + "”"))));
}

async function listConversations() {
  try {
    const list = await (await api("/api/conversations")).json();
    $("conversations").replaceChildren(...list.conversations.map((c) => element("li", { class: c.id === conversationId ? "current" : null },
      element("button", { class: "link", onclick: () => openConversation(c.id) }, c.title), ` (${c.turns}) `,
      element("button", { class: "delete", "aria-label": "Delete " + c.title, onclick: () => deleteConversation(c.id) }, "Delete"))));
  } catch (error) {
    $("conversations").replaceChildren(element("li", { class: "notice bad" }, error.message));
  }
}

async function openConversation(id) {
  const kept = await (await api("/api/conversation?" + query({ id }))).json();
  conversationId = kept.id;
  answer = null;
  asked = null;
  $("transcript").replaceChildren(...kept.turns.map((t) => turnElement(t.question, t.answer, t.sources)));
  for (const id of ["answer", "sources", "citation", "calls", "ask-status"]) $(id).replaceChildren();
  listConversations();
  $("question").focus();
}

async function deleteConversation(id) {
  await api("/api/conversation/delete", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ conversation: id }) });
  if (id === conversationId) newConversation();
  listConversations();
}

function newConversation() {
  conversationId = null;
  answer = null;
  asked = null;
  for (const id of ["transcript", "answer", "sources", "citation", "calls", "ask-status"]) $(id).replaceChildren();
  listConversations();
}
$("new-conversation").addEventListener("click", newConversation);

function finishAnswer() {
  const unsupported = new Set(answer.unsupported_citations.map((c) => c.number));
  for (const chip of $("answer").querySelectorAll(".chip")) {
    if (unsupported.has(Number(chip.dataset.number)) && !chip.classList.contains("invented")) {
      chip.classList.add("unsupported");
      chip.textContent = "[" + chip.dataset.number + "?]";
      chip.title = "Not supported by its passage";
    }
  }
  const provider = { ollama: "Ollama", openai: "an OpenAI-compatible server", anthropic: "Anthropic" }[answer.provider] || answer.provider;
  const said = `${provider} · ${answer.model || "the server's model"}`;
  const statuses = {
    answered: "Answered by " + said,
    not_in_documents: "The documents do not say. (" + said + ")",
    unsupported: "No passage the answer cites bears it out: it is not an answer from your documents. (" + said + ")",
    nothing_relevant: "Nothing in your documents matches the question; no model was asked.",
  };
  $("ask-status").replaceChildren(element("span", { class: "notice" + (answer.status === "answered" ? "" : " bad") }, statuses[answer.status] || answer.status));
  const parts = [];
  if (answer.citations.length) {
    parts.push(element("h2", {}, "Sources"), element("ul", { class: "sources" }, answer.citations.map((c) =>
      element("li", {}, element("button", { class: "chip", onclick: () => showCitation(c.number) }, "[" + c.number + "]"), " ",
        home(c.path) + (c.pages && answer.passages.find((p) => p.number === c.number)?.type === "pdf" ? ", page " + c.pages.join("–") : ""),
        element("div", { class: "quote" }, "“" + c.quote + "”")))));
  }
  if (answer.unsupported_citations.length) {
    parts.push(element("h2", {}, "Citations not supported by their passage"), element("ul", {}, answer.unsupported_citations.map((c) =>
      element("li", {}, c.citation + " does not say: “" + c.claim + "”"))));
  }
  if (answer.invented_citations.length) {
    parts.push(element("h2", {}, "Citations the model invented"), element("ul", {}, answer.invented_citations.map((c) => element("li", {}, c.reason))));
  }
  $("sources").replaceChildren(...parts);
}

/// A citation's passage, its quote highlighted, and its page.
function showCitation(number) {
  if (!answer) return;
  const passage = answer.passages.find((p) => p.number === number);
  if (!passage) { $("citation").replaceChildren(element("p", { class: "notice bad" }, "Passage " + number + " was not given to the model.")); return; }
  const cited = answer.citations.find((c) => c.number === number);
  const quote = cited ? cited.quote : "";
  const text = passage.text;
  const at = quote ? text.indexOf(quote) : -1;
  const body = at >= 0 ? [text.slice(0, at), element("mark", {}, quote), text.slice(at + quote.length)] : [text];
  const page = element("div", { id: "citation-page" });
  $("citation").replaceChildren(...[element("h2", {}, "[" + number + "] " + home(passage.path)),
    cited ? null : element("p", { class: "notice bad" }, "This passage does not bear out the sentence that cites it."),
    element("div", { class: "passage" }, body), page].filter((part) => part !== null));
  showPage(page, passage.path, passage.pages[0], quote || $("question").value, passage.type, passage.title);
}

// Library.
async function loadLibrary() {
  const target = $("library");
  try {
    const body = await (await api("/api/status")).json();
    const counts = body.counts || {};
    const daemon = body.daemon;
    const rows = [
      ["foliod", body.running ? "running" + (daemon && daemon.state ? ", " + daemon.state : "") + (daemon && daemon.queued ? ", " + daemon.queued + " files queued" : "")
        : "not running (start it with: systemctl --user start foliod)"],
      ["Documents", String(counts.documents ?? "—")],
      ["Pages", String(counts.pages ?? "—")],
      ["Failed", String(counts.failed ?? 0) + (counts.partial ? ", " + counts.partial + " partly read" : "")],
      ["Meaning", body.semantic_line || "—"],
    ];
    if (daemon) {
      const name = (path) => path.split("/").pop();
      let indexing = daemon.current.length ? "reading " + daemon.current.map(name).join(", ") : "nothing to read";
      if (daemon.seconds_left) indexing += ", about " + Math.max(1, Math.round(daemon.seconds_left / 60)) + " min left";
      rows.splice(1, 0, ["Indexing", indexing], ["OCR", daemon.recognising.length ? "reading scanned pages of " + daemon.recognising.map(name).join(", ") : "idle"]);
      if (daemon.last_error) rows.push(["Last error", daemon.last_error]);
    }
    if (body.note) rows.push(["Index", body.note]);
    const folders = body.folders.map((f) => element("tr", {}, element("td", {}, home(f.path)), element("td", {}, String(f.documents)),
      element("td", {}, element("button", { onclick: () => { $("forget-path").value = f.path; $("forget-path").focus(); } }, "Forget…"))));
    const offline = body.offline.map((f) => element("tr", {}, element("td", {}, home(f.mount_point)), element("td", {}, String(f.documents)),
      element("td", {}, "not connected since " + new Date(f.since * 1000).toLocaleString() +
        (f.kept_until ? "; kept until " + new Date(f.kept_until * 1000).toLocaleDateString() : ""))));
    const failures = body.failures.map((f) => element("tr", {}, element("td", {}, home(f.path)), element("td", {}, f.reason)));
    target.replaceChildren(
      element("h2", {}, "Status"), element("table", {}, rows.map(([k, v]) => element("tr", {}, element("th", {}, k), element("td", {}, v)))),
      element("h2", {}, "Folders"), folders.length ? element("table", {}, element("tr", {}, element("th", {}, "Folder"), element("th", {}, "Documents"), element("th", {}, "")), folders)
        : element("p", {}, "Nothing indexed yet."),
      ...(offline.length ? [element("h2", {}, "Drives not connected"), element("table", {},
        element("tr", {}, element("th", {}, "Drive"), element("th", {}, "Documents kept"), element("th", {}, "")), offline)] : []),
      element("h2", {}, "Files that failed"), failures.length ? element("table", {}, failures) : element("p", {}, "None."));
  } catch (error) {
    target.replaceChildren(element("p", { class: "notice bad" }, error.message));
  }
}

$("forget-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const path = $("forget-path").value.trim();
  if (!path || !confirm("Take " + path + " out of the index?")) return;
  try {
    const body = await (await api("/api/forget", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ path }) })).json();
    $("forget-status").textContent = body.message;
    loadLibrary();
  } catch (error) {
    $("forget-status").textContent = error.message;
  }
});

api("/api/session").then((r) => r.json()).then((body) => { window.folioHome = body.home; }).catch(() => {});
