// pnp studio: the page's script. Plain JavaScript, no build step, no library. Every word of the
// designer's data reaches the page through textContent or a form control's value, never as markup.
"use strict";

const TOKEN = new URLSearchParams(location.search).get("token") || "";
const SAFE_MM = 3;                  // the safe area: text and art kept this far inside the trim
const CARD_WIDTH_PX = 270;          // each side as the preview shows it, bleed included
const state = { games: [], game: null, deck: null, grid: null, row: 0, changes: 0, preview: 0, shown: null };
const $ = (id) => document.getElementById(id);

function withToken(url) {
  return url + (url.includes("?") ? "&" : "?") + "token=" + encodeURIComponent(TOKEN);
}

async function api(path, body) {
  const options = { headers: { "X-Studio-Token": TOKEN } };
  if (body !== undefined) {
    options.method = "POST";
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  const answer = await response.json().catch(() => ({ error: response.status + " " + response.statusText }));
  if (!response.ok && answer.error) throw new Error(answer.error);
  return answer;
}

function element(tag, props, ...children) {
  const made = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (key === "text") made.textContent = value;
    else if (key === "class") made.className = value;
    else if (key.startsWith("on")) made.addEventListener(key.slice(2), value);
    else if (value !== null && value !== undefined && value !== false) made.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) if (child) made.append(child);
  return made;
}

function say(words) { $("status").textContent = words; }

// --- games and decks ---------------------------------------------------------------------------

async function start() {
  const overview = await api("/api/games");
  state.games = overview.games;
  state.changes = overview.version;
  const pick = $("game");
  for (const game of state.games) pick.append(element("option", { value: game.key, text: game.title }));
  pick.addEventListener("change", () => openGame(pick.value));
  for (const id of ["show-bleed", "show-trim", "show-safe"]) $(id).addEventListener("change", drawPreview);
  $("add").addEventListener("click", () => edit({ operation: "add" }));
  $("copy").addEventListener("click", () => edit({ operation: "copy", row: state.row }));
  $("delete").addEventListener("click", () => {
    if (confirm("Delete this card from " + state.grid.file + "?")) edit({ operation: "delete", row: state.row });
  });
  $("up").addEventListener("click", () => move(-1));
  $("down").addEventListener("click", () => move(1));
  const wanted = new URLSearchParams(location.hash.slice(1));
  for (const kind of ["sheet", "rulebook"]) {
    const box = $(kind + "-box");
    box.open = wanted.get(kind) !== "0";
    box.addEventListener("toggle", () => { rememberHash(); if (box.open && state.shown && state.shown.rendered) follow(state.preview); });
  }
  await openGame(wanted.get("game") || state.games[0].key, wanted.get("deck"), Number(wanted.get("row") || 0));
  watchChanges();
}

async function openGame(key, deckKey, row) {
  state.game = state.games.find((game) => game.key === key) || state.games[0];
  $("game").value = state.game.key;
  state.icons = await api(withToken("/api/icons?game=" + encodeURIComponent(state.game.key)));
  const nav = $("decks");
  nav.replaceChildren();
  for (const deck of state.game.decks) {
    nav.append(element("button", { type: "button", "data-deck": deck.key, text: deck.title,
                                    onclick: () => openDeck(deck.key, 0) }));
  }
  if (state.game.problem) say(state.game.problem);
  const first = state.game.decks.find((deck) => deck.key === deckKey) || state.game.decks[0];
  if (first) await openDeck(first.key, row || 0);
}

async function openDeck(key, row) {
  state.deck = key;
  state.row = row || 0;
  for (const button of $("decks").children) button.setAttribute("aria-current", String(button.dataset.deck === key));
  await loadGrid();
}

async function loadGrid() {
  let grid;
  try {
    grid = await api(withToken(`/api/deck?game=${encodeURIComponent(state.game.key)}&deck=${encodeURIComponent(state.deck)}`));
  } catch (error) {                  // the game itself does not load now (its game.yaml, say): said, and kept watching
    $("deck-problems").replaceChildren(element("p", { class: "banner", role: "alert", text: error.message }));
    say("the game does not load: fix the file named, and the studio follows");
    return;
  }
  showGrid(grid);
  await requestPreview();
}

function rememberHash() {
  const shown = ["sheet", "rulebook"].map((kind) => `&${kind}=${$(kind + "-box").open ? 1 : 0}`).join("");
  history.replaceState(null, "", `${location.pathname}${location.search}#game=${state.game.key}&deck=${state.deck}&row=${state.row}${shown}`);
}

// --- the grid ----------------------------------------------------------------------------------

function showGrid(grid) {
  const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset : {};
  const dirty = focused.field && document.activeElement.value !== document.activeElement.dataset.saved
    ? document.activeElement.value : null;
  state.grid = grid;
  if (state.row >= grid.rows.length) state.row = Math.max(grid.rows.length - 1, 0);
  $("file").textContent = grid.file + (grid.sheet ? " · sheet " + grid.sheet : "") + " · " + grid.rows.length + " rows";
  showDeckProblems(grid);
  const head = element("tr", {}, element("th", { text: "#" }));
  for (const column of grid.columns) {
    const kind = column.type + (column.min !== null || column.max !== null
      ? ` ${column.min ?? ""}–${column.max ?? ""}` : "") + (column.required ? "" : ", optional");
    head.append(element("th", { scope: "col", title: column.help || null }, column.name, element("small", { text: kind })));
  }
  $("grid").tHead.replaceChildren(head);
  const body = $("grid").tBodies[0];
  body.replaceChildren();
  grid.rows.forEach((row, number) => body.append(gridRow(grid, row, number)));
  if (focused.field) {
    const again = body.querySelector(`[data-row="${focused.row}"][data-field="${CSS.escape(focused.field)}"]`);
    if (again) {
      if (dirty !== null) again.value = dirty;
      again.focus();
    }
  }
  rememberHash();
}

function showDeckProblems(grid) {
  const box = $("deck-problems");
  box.replaceChildren();
  if (grid.refused) {
    box.append(element("p", { class: "banner refused", role: "alert", text: "Not saved: " + grid.refused.message }));
  }
  for (const problem of grid.deck_problems) {
    box.append(element("p", { class: "banner" }, element("span", { class: "at", text: problem.at }), ": " +
                       problem.message + (problem.fix ? ". " + problem.fix : "")));
  }
  const faults = grid.problems.length + grid.deck_problems.length;
  say(faults ? `${faults} problem${faults === 1 ? "" : "s"} in ${grid.file}` : `${grid.file}: no problems`);
}

function gridRow(grid, row, number) {
  const line = element("tr", { "data-row": number, class: number === state.row ? "selected" : "" });
  line.append(element("td", { class: "number", text: String(number + 1), title: "line " + row.place,
                              onclick: () => selectRow(number) }));
  for (const column of grid.columns) {
    const problems = grid.problems.filter((p) => p.row === number && p.column === column.name);
    const cell = element("td", { class: problems.length ? "fault" : "", "data-column": column.name });
    cell.append(control(column, row.values[column.name] ?? "", number));
    const drawn = column.icons ? withIcons(row.values[column.name] ?? "") : null;
    if (drawn) cell.append(drawn);
    for (const problem of problems) {
      cell.append(element("p", { class: "problem", role: "note", text: problem.message + (problem.fix ? ". " + problem.fix : "") }));
    }
    line.append(cell);
  }
  const rowProblems = grid.problems.filter((p) => p.row === number && !grid.columns.some((c) => c.name === p.column));
  if (rowProblems.length) {
    line.cells[0].classList.add("fault");
    line.cells[0].title = rowProblems.map((p) => p.text).join("\n");
  }
  line.addEventListener("focusin", () => selectRow(number));
  return line;
}

function control(column, value, number) {
  const common = { "data-row": number, "data-field": column.name, "data-saved": value, "aria-label": column.name + ", card " + (number + 1) };
  if (!column.editable) return element("div", { class: "readonly", text: value, title: "edit this field in the file" });
  let input;
  if (column.type === "choice" || column.type === "icon") {
    input = element("select", common);
    const choices = column.choices.slice();
    if (!column.required || value === "") input.append(element("option", { value: "", text: "" }));
    if (value !== "" && !choices.includes(value)) input.append(element("option", { value, text: value + " (not a choice)" }));
    for (const choice of choices) input.append(element("option", { value: choice, text: choice }));
    input.value = value;
  } else if (column.type === "bool") {
    input = element("input", { ...common, type: "checkbox" });
    input.checked = value === "true";
    input.dataset.saved = value === "true" ? "true" : "false";
  } else if (column.type === "int") {
    input = element("input", { ...common, type: "text", inputmode: "numeric" });
    input.value = value;
  } else if (column.type === "text" && (column.icons || value.length > 32)) {
    input = element("textarea", { ...common, rows: 2 });
    input.value = value;
    input.addEventListener("keydown", (event) => { if (event.key === "Enter" && !event.shiftKey) { event.preventDefault(); input.blur(); } });
  } else {
    input = element("input", { ...common, type: "text" });
    input.value = value;
  }
  input.addEventListener("keydown", (event) => { if (event.key === "Enter" && input.tagName === "INPUT") input.blur(); });
  input.addEventListener("change", () => {
    const typed = input.type === "checkbox" ? String(input.checked) : input.value;
    edit({ operation: "set", row: number, field: column.name, value: typed });
  });
  if (column.type === "icon") {
    return element("div", { class: "icon-cell" }, value ? element("img", { class: "icon", alt: "", src: withToken(`/api/icon/${encodeURIComponent(value)}.svg`) }) : null, input);
  }
  return input;
}

function withIcons(text) {
  // The text as the card prints its inline icons: {star} drawn as the star (an <img>, no markup).
  const shown = element("div", { class: "shown", "aria-hidden": "true" });
  const parts = text.split(/(\{[^{}]*\})/);
  if (parts.length === 1) return null;
  for (const part of parts) {
    const token = part.match(/^\{([^{}]*)\}$/);
    if (token && Object.hasOwn(state.icons, token[1])) {
      shown.append(element("img", { alt: token[1], src: withToken(`/api/icon/${encodeURIComponent(state.icons[token[1]])}.svg`) }));
    } else shown.append(document.createTextNode(part));
  }
  return shown;
}

function selectRow(number) {
  if (number === state.row) return;
  state.row = number;
  for (const line of $("grid").tBodies[0].rows) line.classList.toggle("selected", Number(line.dataset.row) === number);
  rememberHash();
  requestPreview();
}

function move(step) {
  const to = state.row + step;
  if (to < 0 || to >= state.grid.rows.length) return;
  edit({ operation: "move", row: state.row, to }).then(() => selectRow(to));
}

let queue = Promise.resolve();

function edit(change) {
  // Edits go one after the other, each on the version of the file the one before left.
  queue = queue.then(async () => {
    const body = { game: state.game.key, deck: state.deck, version: state.grid.version, ...change };
    say("saving…");
    try {
      const grid = await api("/api/edit", body);
      if (change.operation === "add") state.row = grid.rows.length - 1;
      if (change.operation === "copy") state.row = change.row + 1;
      showGrid(grid);
      if (!grid.refused) say("saved " + grid.file);
      await requestPreview();
    } catch (error) {
      say("not saved: " + error.message);
    }
  });
  return queue;
}

// --- the preview -------------------------------------------------------------------------------

async function requestPreview() {
  const grid = state.grid;
  const number = ++state.preview;
  const asked = performance.now();
  const blocking = grid.problems.filter((p) => p.row === state.row);
  if (!grid.rows.length || blocking.length) {
    state.shown = { rendered: false, blocking, sides: [], findings: [], problems: [] };
    drawPreview();
    return;
  }
  let answer;
  try {
    answer = await api(withToken(`/api/preview?game=${encodeURIComponent(state.game.key)}&deck=${encodeURIComponent(state.deck)}&row=${state.row}`));
  } catch (error) {
    answer = { rendered: false, sides: [], findings: [], problems: [{ at: grid.file, message: error.message, fix: "" }] };
  }
  if (number !== state.preview) return;          // a newer preview was asked for meanwhile
  await Promise.all(answer.sides.map((side) => new Promise((done) => {
    const picture = new Image();
    picture.onload = picture.onerror = done;
    picture.src = withToken(side.url);
  })));
  if (number !== state.preview) return;
  answer.clientSeconds = (performance.now() - asked) / 1000;
  state.shown = answer;
  drawPreview();
  if (answer.rendered) follow(number);
}

// --- the sheet and the rulebook, a few seconds behind the card --------------------------------

async function follow(number) {
  const query = `game=${encodeURIComponent(state.game.key)}&deck=${encodeURIComponent(state.deck)}&row=${state.row}`;
  if ($("sheet-box").open) await followSheet(number, query);
  if (number !== state.preview || !$("rulebook-box").open) return;
  $("rulebook-note").textContent = "laying out the rulebook…";
  const book = await asked("/api/rulebook?" + query, number);
  if (book) showRulebook(book);
}

async function asked(path, number) {
  // What follows a card, asked again while it renders still; null once a newer card is shown.
  for (;;) {
    const answer = await api(withToken(path)).catch((error) => ({ problems: [{ message: error.message }], pages: [], examples: [] }));
    if (number !== state.preview || answer.superseded) return null;
    if (!answer.pending) return answer;
  }
}

async function followSheet(number, query) {
  $("sheet-note").textContent = "laying out the deck's sheet…";
  const sheet = await asked("/api/sheet?" + query, number);
  if (!sheet) return;
  const picture = $("sheet");
  if (sheet.url) {
    picture.src = withToken(sheet.url);
    picture.alt = `sheet ${sheet.sheet} of ${sheet.sheets} of the deck, holding card ${state.row + 1}`;
    picture.hidden = false;
    $("sheet-note").textContent = `sheet ${sheet.sheet} of ${sheet.sheets}, laid out in ${sheet.seconds.toFixed(1)} s`;
  } else {
    picture.hidden = true;
    $("sheet-note").textContent = "No sheet: " + (sheet.problems || []).map((p) => (p.at ? p.at + ": " : "") + p.message).join("; ");
  }
}

function showRulebook(book) {
  const pages = $("rulebook-pages");
  pages.replaceChildren();
  for (const page of book.pages) {
    const verdicts = element("ul", { class: "verdicts" });
    for (const example of page.examples || []) {
      verdicts.append(element("li", { class: example.agrees ? "agrees" : "disagrees" },
                              (example.agrees ? "✓ " : "✗ ") + `“${example.title}” `,
                              element("span", { class: "at", text: `${example.file}:${example.line}` }),
                              example.agrees ? ": the engine agrees" : ": " + example.mismatches.map((m) => m.split(": ").slice(2).join(": ")).join("; ")));
    }
    pages.append(element("figure", {}, element("img", { src: withToken(page.url), alt: `rulebook page ${page.number}` }),
                         element("figcaption", { text: `page ${page.number}` + (page.examples && page.examples.length ? ", its worked examples checked again:" : "") }),
                         page.examples && page.examples.length ? verdicts : null));
  }
  const problems = (book.problems || []).map((p) => (p.at ? p.at + ": " : "") + p.message).join("; ");
  $("rulebook-note").textContent = problems ? "Not laid out: " + problems
    : book.pages.length ? `the pages that draw this card, laid out in ${book.seconds.toFixed(1)} s`
      : "No page of the rulebook draws this card.";
  const list = $("examples");
  list.replaceChildren();
  const wrong = (book.examples || []).filter((example) => !example.agrees);
  $("examples-note").textContent = !book.examples || !book.examples.length ? ""
    : wrong.length ? `${wrong.length} of ${book.examples.length} worked examples disagree with the engine:`
      : `All ${book.examples.length} worked examples agree with the engine.`;
  for (const example of wrong) {
    list.append(element("li", { class: "disagrees" }, element("span", { class: "at", text: `${example.file}:${example.line}` }),
                        " " + example.mismatches.map((m) => m.split(": ").slice(1).join(": ")).join("; ")));
  }
}

function drawPreview() {
  const shown = state.shown;
  const grid = state.grid;
  const sides = $("sides");
  const note = $("not-rendered");
  sides.replaceChildren();
  $("findings").replaceChildren();
  if (!shown) return;
  sides.dataset.row = String(state.row);
  if (!shown.rendered) {
    const words = (shown.blocking && shown.blocking.length ? shown.blocking : shown.problems)
      .map((p) => (p.column ? p.column + ": " : "") + p.message).join("; ");
    note.textContent = grid.rows.length ? "Not rendered: " + words : "The deck has no cards yet.";
    note.hidden = false;
    $("timing").textContent = "";
    return;
  }
  note.hidden = true;
  const bleed = $("show-bleed").checked ? grid.bleed_mm : 0;
  const full = { w: grid.width_mm + 2 * grid.bleed_mm, h: grid.height_mm + 2 * grid.bleed_mm };
  const scale = CARD_WIDTH_PX / full.w;                      // px per mm
  let numberShown = 0;
  for (const side of shown.sides) {
    const box = element("div", { class: "card", "data-side": side.side });
    box.style.width = `${(grid.width_mm + 2 * bleed) * scale}px`;
    box.style.height = `${(grid.height_mm + 2 * bleed) * scale}px`;
    const picture = element("img", { alt: `${side.side} of card ${state.row + 1}`, src: withToken(side.url) });
    picture.style.width = `${full.w * scale}px`;
    picture.style.marginLeft = picture.style.marginTop = `${-(grid.bleed_mm - bleed) * scale}px`;
    box.append(picture);
    const place = (x, y, w, h, kind) => {
      const frame = element("div", { class: "frame " + kind });
      Object.assign(frame.style, { left: `${(x + bleed) * scale}px`, top: `${(y + bleed) * scale}px`,
                                   width: `${w * scale}px`, height: `${h * scale}px` });
      if (grid.shape === "circle") frame.style.borderRadius = "50%";
      box.append(frame);
    };
    if ($("show-trim").checked) place(0, 0, grid.width_mm, grid.height_mm, "trim");
    if ($("show-safe").checked) place(SAFE_MM, SAFE_MM, grid.width_mm - 2 * SAFE_MM, grid.height_mm - 2 * SAFE_MM, "safe");
    for (const finding of shown.findings.filter((f) => f.side === side.side)) {
      numberShown += 1;
      const [x0, y0, x1, y1] = finding.rect;
      const outline = element("div", { class: "outline", "data-kind": finding.kind, title: `${finding.at}: ${finding.message}` },
                              element("span", { text: String(numberShown) }));
      Object.assign(outline.style, { left: `${(x0 + bleed) * scale}px`, top: `${(y0 + bleed) * scale}px`,
                                     width: `${Math.max(x1 - x0, 0.5) * scale}px`, height: `${Math.max(y1 - y0, 0.5) * scale}px` });
      box.append(outline);
      $("findings").append(element("li", {}, element("span", { class: "at", text: finding.at }),
                                   ` (${side.side}) ${finding.kind}: ${finding.message}`));
    }
    sides.append(element("figure", {}, box, element("figcaption", { text: side.side })));
  }
  $("timing").textContent = `rendered in ${shown.seconds.toFixed(2)} s, shown in ${shown.clientSeconds.toFixed(2)} s`;
}

// --- saves from elsewhere ----------------------------------------------------------------------

async function watchChanges() {
  for (;;) {
    try {
      const news = await api(withToken(`/api/changes?since=${state.changes}`));
      if (news.version > state.changes) {
        state.changes = news.version;
        say("changed on disk: " + news.paths.slice(0, 3).join(", "));
        await queue;
        await loadGrid();
      }
    } catch (error) {
      say("the studio stopped answering (" + error.message + "); start `pnp studio` again");
      await new Promise((done) => setTimeout(done, 3000));
    }
  }
}

document.addEventListener("DOMContentLoaded", () => start().catch((error) => say("error: " + error.message)));
