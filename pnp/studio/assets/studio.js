// pnp studio: the page's script. Plain JavaScript, no build step, no library. Every word of the
// designer's data reaches the page through textContent or a form control's value, never as markup.
"use strict";

const TOKEN = new URLSearchParams(location.search).get("token") || "";
const SAFE_MM = 3;                    // the safe area: text and art kept this far inside the trim
const PX_PER_MM = 96 / 25.4;          // a piece at 100 %: its printed size on a screen of 96 px an inch
const ZOOMS = [0.75, 1, 1.5, 2, 3];
const state = {
  games: [], game: null, deck: null, grid: null, row: 0, changes: 0, preview: 0, shown: null,
  gridSeq: 0, shownSeq: 0, refused: null, zoom: 1, icons: {},
};
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
  for (const child of children) if (child !== null && child !== undefined) made.append(child);
  return made;
}

function say(words) { $("status").textContent = words; }

function plural(count, noun) { return `${count} ${noun}${count === 1 ? "" : "s"}`; }

// --- games and decks ---------------------------------------------------------------------------

async function start() {
  for (const id of ["show-bleed", "show-trim", "show-safe"]) $(id).addEventListener("change", drawPreview);
  const zoom = $("zoom");
  for (const level of ZOOMS) zoom.append(element("option", { value: String(level), text: `${Math.round(level * 100)} %` }));
  zoom.value = "1";
  zoom.addEventListener("change", () => { state.zoom = Number(zoom.value); rememberHash(); drawPreview(); });
  $("add").addEventListener("click", () => edit({ operation: "add" }));
  $("copy").addEventListener("click", () => edit({ operation: "copy", row: state.row }));
  $("delete").addEventListener("click", () => {
    if (confirm("Delete this card from " + state.grid.file + "?")) edit({ operation: "delete", row: state.row });
  });
  $("up").addEventListener("click", () => move(-1));
  $("down").addEventListener("click", () => move(1));
  $("game").addEventListener("change", () => openGame($("game").value));
  const wanted = new URLSearchParams(location.hash.slice(1));
  if (ZOOMS.includes(Number(wanted.get("zoom")))) { state.zoom = Number(wanted.get("zoom")); zoom.value = String(state.zoom); }
  for (const kind of ["sheet", "rulebook"]) {
    const box = $(kind + "-box");
    box.open = wanted.get(kind) !== "0";
    box.addEventListener("toggle", () => { rememberHash(); if (box.open && state.shown && state.shown.rendered) follow(state.preview); });
  }
  await loadOverview();
  await openGame(wanted.get("game") || state.games[0].key, wanted.get("deck"), Number(wanted.get("row") || 0));
  watchChanges();
}

async function loadOverview() {
  const overview = await api(withToken("/api/games"));
  state.games = overview.games;
  if (!state.changes) state.changes = overview.version;
  const pick = $("game");
  const chosen = pick.value;
  pick.replaceChildren(...state.games.map((game) => element("option", { value: game.key, text: game.title })));
  if (chosen) pick.value = chosen;
}

async function openGame(key, deckKey, row) {
  state.game = state.games.find((game) => game.key === key) || state.games[0];
  $("game").value = state.game.key;
  state.icons = state.game.problem ? {} : await api(withToken("/api/icons?game=" + encodeURIComponent(state.game.key))).catch(() => ({}));
  const nav = $("decks");
  nav.replaceChildren(...state.game.decks.map((deck) => element("button", {
    type: "button", "data-deck": deck.key, text: deck.title, onclick: () => openDeck(deck.key, 0) })));
  if (state.game.problem) {
    gameFailed(state.game.problem);
    return;
  }
  const first = state.game.decks.find((deck) => deck.key === deckKey) || state.game.decks[0];
  if (first) await openDeck(first.key, row || 0);
}

async function openDeck(key, row) {
  state.deck = key;
  state.row = row || 0;
  state.refused = null;
  for (const button of $("decks").children) button.setAttribute("aria-current", String(button.dataset.deck === key));
  await loadGrid(true);
}

function gameFailed(words) {
  // The game does not load now (its game.yaml, say): each problem on its own line, no stale card.
  const box = $("deck-problems");
  box.replaceChildren(...String(words).split("\n").filter((line) => line.trim())
    .map((line) => element("p", { class: "banner", role: "alert", text: line.trim() })));
  $("grid").tHead.replaceChildren();
  $("grid").tBodies[0].replaceChildren();
  state.shown = null;
  state.preview += 1;
  $("sides").replaceChildren();
  $("findings").replaceChildren();
  $("timing").textContent = "";
  $("not-rendered").hidden = true;
  say("the game does not load: fix the file named, and the studio follows");
}

async function loadGrid(select, paths) {
  // The deck as the file holds it now; an answer older than one already shown is dropped, and
  // the studio's own save seen on disk (only this deck's file, as the grid shows it) is no news.
  const seq = ++state.gridSeq;
  let grid;
  try {
    grid = await api(withToken(`/api/deck?game=${encodeURIComponent(state.game.key)}&deck=${encodeURIComponent(state.deck)}`));
  } catch (error) {
    gameFailed(error.message);
    return;
  }
  if (seq < state.shownSeq) return;
  const same = !select && state.grid && state.grid.version === grid.version
    && Array.isArray(paths) && paths.every((path) => path === grid.file);
  state.shownSeq = seq;
  if (same) return;
  applyGrid(grid, performance.now());
}

function applyGrid(grid, since) {
  // The card is asked for first, and the table drawn once it is shown (a cell already shows what
  // was typed): on two cores, the page's own drawing would slow the card's.
  state.grid = grid;
  if (state.row >= grid.rows.length) state.row = Math.max(grid.rows.length - 1, 0);
  showDeckProblems(grid);
  return requestPreview(since).then(() => { if (state.grid === grid) showGrid(grid); });
}

function rememberHash() {
  if (!state.game || !state.deck) return;
  const shown = ["sheet", "rulebook"].map((kind) => `&${kind}=${$(kind + "-box").open ? 1 : 0}`).join("");
  history.replaceState(null, "", `${location.pathname}${location.search}#game=${state.game.key}&deck=${state.deck}`
                       + `&row=${state.row}${shown}&zoom=${state.zoom}`);
}

// --- the grid ----------------------------------------------------------------------------------

function range(column) {
  if (column.min !== null && column.max !== null) return ` ${column.min} to ${column.max}`;
  if (column.min !== null) return ` ${column.min} or more`;
  if (column.max !== null) return ` ${column.max} or less`;
  return "";
}

function showGrid(grid) {
  const active = document.activeElement;
  const focused = active && active.dataset && active.dataset.field ? {
    row: active.dataset.row, field: active.dataset.field, value: active.value,
    dirty: active.value !== active.dataset.saved, start: active.selectionStart, end: active.selectionEnd,
  } : null;
  $("file").textContent = `${grid.file}${grid.sheet ? " · sheet " + grid.sheet : ""} · ${plural(grid.rows.length, "row")}`;
  showDeckProblems(grid);
  const lists = $("choices");
  lists.replaceChildren(...grid.columns.filter((column) => column.type === "icon").map((column) =>
    element("datalist", { id: "choices-" + column.name }, ...column.choices.map((choice) => element("option", { value: choice })))));
  const head = element("tr", {}, element("th", { class: "number", scope: "col", text: "#" }));
  for (const column of grid.columns) {
    const kind = column.type + range(column) + (column.required ? "" : ", optional");
    head.append(element("th", { scope: "col", title: column.help || null }, column.name, element("small", { text: kind })));
  }
  $("grid").tHead.replaceChildren(head);
  // The row being typed in stays in the page as it is (its cell, its caret, what was typed: taken
  // out, it would lose the focus and its edit would be sent half typed); the rows around it are
  // drawn anew, and it is once it is left.
  const body = $("grid").tBodies[0];
  const typing = focused && active.closest("tr");
  const kept = typing && typing.parentNode === body && Number(focused.row) < grid.rows.length
    && typing.cells.length === grid.columns.length + 1 ? typing : null;
  for (const line of [...body.children]) if (line !== kept) line.remove();
  let before = true;
  const put = (line) => { if (kept && before) body.insertBefore(line, kept); else body.append(line); };
  grid.rows.forEach((row, number) => {
    if (kept && number === Number(focused.row)) {
      before = false;
      return;
    }
    put(gridRow(grid, row, number));
    const words = grid.problems.filter((p) => p.row === number && !grid.columns.some((c) => c.name === p.column));
    if (words.length) {
      put(element("tr", { class: "row-problems", "data-row-problems": number },
                  element("td", { class: "number" }),
                  element("td", { colspan: grid.columns.length },
                          ...words.map((p) => element("p", { class: "problem", role: "note", text: problemWords(p) })))));
    }
  });
  if (kept) {
    if (document.activeElement !== active) active.focus();
  } else if (focused) {
    const again = body.querySelector(`[data-row="${focused.row}"][data-field="${CSS.escape(focused.field)}"]`);
    if (again) {
      if (focused.dirty) again.value = focused.value;
      again.focus();
      if (focused.start !== null && focused.start !== undefined && again.setSelectionRange) {
        try { again.setSelectionRange(focused.start, focused.end); } catch (error) { /* a select has no caret */ }
      }
    }
  }
  rememberHash();
}

function problemWords(problem) {
  return problem.message + (problem.fix ? ". " + problem.fix : "");
}

function showDeckProblems(grid) {
  const box = $("deck-problems");
  box.replaceChildren();
  if (state.refused) {
    box.append(element("p", { class: "banner refused", role: "alert" }, "Not saved: " + state.refused.message + " ",
                       element("button", { type: "button", text: "Dismiss", onclick: () => { state.refused = null; showDeckProblems(state.grid); } })));
  }
  for (const problem of grid.deck_problems) {
    box.append(element("p", { class: "banner" }, element("span", { class: "at", text: problem.at }), ": " + problemWords(problem)));
  }
  const faults = grid.problems.length + grid.deck_problems.length;
  say(faults ? `${plural(faults, "problem")} in ${grid.file}` : `${grid.file}: no problems`);
}

function gridRow(grid, row, number) {
  const line = element("tr", { "data-row": number, class: number === state.row ? "selected" : "" });
  const rowProblems = grid.problems.filter((p) => p.row === number && !grid.columns.some((c) => c.name === p.column));
  line.append(element("th", { class: "number" + (rowProblems.length ? " fault" : ""), scope: "row", text: String(number + 1),
                              title: "line " + row.place, onclick: () => selectRow(number) }));
  for (const column of grid.columns) {
    const problems = grid.problems.filter((p) => p.row === number && p.column === column.name);
    const cell = element("td", { class: problems.length ? "fault" : "", "data-column": column.name });
    cell.append(control(column, row.values[column.name] ?? "", number));
    const drawn = column.icons ? withIcons(row.values[column.name] ?? "") : null;
    if (drawn) cell.append(drawn);
    for (const problem of problems) cell.append(element("p", { class: "problem", role: "note", text: problemWords(problem) }));
    line.append(cell);
  }
  line.addEventListener("focusin", () => selectRow(number));
  return line;
}

function control(column, value, number) {
  const common = { "data-row": number, "data-field": column.name, "data-saved": value, "aria-label": column.name + ", card " + (number + 1) };
  if (!column.editable) return element("div", { class: "readonly", text: value, title: "edit this field in the file" });
  let input;
  if (column.type === "choice") {
    input = element("select", common);
    if (!column.required || value === "") input.append(element("option", { value: "", text: "" }));
    if (value !== "" && !column.choices.includes(value)) input.append(element("option", { value, text: value + " (not a choice)" }));
    for (const choice of column.choices) input.append(element("option", { value: choice, text: choice }));
    input.value = value;
  } else if (column.type === "bool") {
    input = element("input", { ...common, type: "checkbox" });
    input.checked = value === "true";
    input.dataset.saved = value === "true" ? "true" : "false";
  } else if (column.type === "icon") {
    input = element("input", { ...common, type: "text", list: "choices-" + column.name, spellcheck: "false", class: "icon-name" });
    input.value = value;
  } else if (["text", "texts"].includes(column.type) && (column.icons || value.length > 32 || column.type === "texts")) {
    input = element("textarea", { ...common, rows: column.type === "texts" ? 3 : 2 });
    input.value = value;
  } else {
    input = element("input", { ...common, type: "text", inputmode: column.type === "int" ? "numeric" : null,
                               class: column.type === "int" ? "number-input" : null });
    input.value = value;
  }
  input.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {                   // the cell as saved, nothing written
      if (input.type === "checkbox") input.checked = input.dataset.saved === "true";
      else input.value = input.dataset.saved;
      input.blur();
    } else if (event.key === "Enter" && (input.tagName === "INPUT" || !event.shiftKey)) {
      event.preventDefault();
      input.blur();
    }
  });
  input.addEventListener("change", () => {
    if (!input.isConnected) return;                 // a cell taken out of the page saves nothing
    const typed = input.type === "checkbox" ? String(input.checked) : input.value;
    if (typed === input.dataset.saved) return;
    edit({ operation: "set", row: number, field: column.name, value: typed }, input.dataset.saved);
  });
  if (column.type === "icon") {
    return element("div", { class: "icon-cell" }, value ? element("img", { class: "icon", alt: "", src: withToken(`/api/icon/${encodeURIComponent(value)}.svg`) }) : null, input);
  }
  return input;
}

function withIcons(text) {
  // The text as the card prints its inline icons: {star} drawn as the star (an <img>, no markup).
  const parts = text.split(/(\{[^{}]*\})/);
  if (parts.length === 1) return null;
  const shown = element("div", { class: "shown", "aria-hidden": "true" });
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
  requestPreview(performance.now());
}

function move(step) {
  const to = state.row + step;
  if (to < 0 || to >= state.grid.rows.length) return;
  edit({ operation: "move", row: state.row, to }).then(() => selectRow(to));
}

let queue = Promise.resolve();

function edit(change, saved) {
  // Edits go one after the other, each on the version of the file the one before left. An edit
  // of one cell that crossed a save from another editor is made again on the file as saved,
  // when that save left the cell as the edit found it; else it is kept in the cell, not saved.
  const since = performance.now();
  const row = state.grid.rows[change.row];
  const id = row ? row.values.id : undefined;
  queue = queue.then(async () => {
    say("saving…");
    let grid;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const seq = ++state.gridSeq;
      try {
        grid = await api("/api/edit", { game: state.game.key, deck: state.deck, version: state.grid.version, ...change });
      } catch (error) {
        say("not saved: " + error.message);
        return;
      }
      state.shownSeq = Math.max(state.shownSeq, seq);
      const now = grid.rows[change.row];
      const untouched = change.operation === "set" && now && now.values.id === id
        && (now.values[change.field] ?? "") === (saved ?? "");
      if (!(grid.refused && grid.refused.stale && untouched && attempt === 0)) break;
      state.grid = grid;                            // the file as the other editor saved it: again on it
    }
    state.refused = grid.refused;
    if (!grid.refused) {
      if (change.operation === "add") state.row = grid.rows.length - 1;
      if (change.operation === "copy") state.row = change.row + 1;
    }
    await applyGrid(grid, since);
    if (grid.refused && change.operation === "set") keepTyped(change);
    else if (!grid.refused) say("saved " + grid.file);
  });
  return queue;
}

function keepTyped(change) {
  // A refused cell keeps what was typed, marked unsaved: Enter in it tries again.
  const cell = $("grid").tBodies[0].querySelector(`[data-row="${change.row}"][data-field="${CSS.escape(change.field)}"]`);
  if (!cell || cell.type === "checkbox") return;
  cell.value = change.value;
  cell.classList.add("unsaved");
  cell.title = "not saved: " + state.refused.message;
}

// --- the preview -------------------------------------------------------------------------------

async function requestPreview(since) {
  const grid = state.grid;
  const number = ++state.preview;
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
  answer.clientSeconds = (performance.now() - (since || performance.now())) / 1000;
  state.shown = answer;
  drawPreview();
  if (answer.rendered) follow(number);
}

function drawPreview() {
  const shown = state.shown;
  const grid = state.grid;
  const sides = $("sides");
  const note = $("not-rendered");
  sides.replaceChildren();
  $("findings").replaceChildren();
  if (!shown || !grid) return;
  sides.dataset.row = String(state.row);
  if (!shown.rendered) {
    const words = (shown.blocking && shown.blocking.length ? shown.blocking : shown.problems)
      .map((p) => (p.column ? p.column + ": " : "") + p.message);
    note.textContent = grid.rows.length ? "Not rendered: " + [...new Set(words)].join("; ") : "The deck has no cards yet.";
    note.hidden = false;
    $("timing").textContent = "";
    return;
  }
  note.hidden = true;
  const bleed = $("show-bleed").checked ? grid.bleed_mm : 0;
  const scale = PX_PER_MM * state.zoom;                      // px per mm
  const full = grid.width_mm + 2 * grid.bleed_mm;
  let numberShown = 0;
  for (const side of shown.sides) {
    // The card (its outlines' numbers may stand outside it) around the picture, clipped to the
    // bleed or the trim as the toggle says.
    const box = element("div", { class: "card", "data-side": side.side });
    box.style.width = `${(grid.width_mm + 2 * bleed) * scale}px`;
    box.style.height = `${(grid.height_mm + 2 * bleed) * scale}px`;
    const clip = element("div", { class: "picture" });
    const picture = element("img", { alt: `${side.side} of card ${state.row + 1}`, src: withToken(side.url) });
    picture.style.width = `${full * scale}px`;
    picture.style.marginLeft = picture.style.marginTop = `${-(grid.bleed_mm - bleed) * scale}px`;
    clip.append(picture);
    box.append(clip);
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
      const message = finding.message.startsWith(finding.at) ? finding.message.slice(finding.at.length).replace(/^:\s*/, "") : finding.message;
      $("findings").append(element("li", {}, element("span", { class: "at", text: finding.at }),
                                   ` (${side.side}) ${finding.kind}: ${message}`));
    }
    sides.append(element("figure", {}, box, element("figcaption", { text: side.side })));
  }
  $("timing").textContent = `rendered in ${shown.seconds.toFixed(2)} s; shown ${shown.clientSeconds.toFixed(2)} s after the edit or click`;
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
  const box = $("sheet-picture");
  box.replaceChildren();
  if (sheet.url) {
    const picture = element("img", { id: "sheet", src: withToken(sheet.url),
                                     alt: `sheet ${sheet.sheet} of ${sheet.sheets} of the deck, holding card ${state.row + 1}` });
    box.append(picture);
    if (sheet.slot) {
      const [x, y, w, h] = sheet.slot;                 // the card's place, in % of the sheet
      const mark = element("div", { class: "slot" });
      Object.assign(mark.style, { left: `${x}%`, top: `${y}%`, width: `${w}%`, height: `${h}%` });
      box.append(mark);
    }
    $("sheet-note").textContent = `sheet ${sheet.sheet} of ${sheet.sheets} (the card outlined), laid out in ${sheet.seconds.toFixed(1)} s`;
  } else {
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

// --- saves from elsewhere ----------------------------------------------------------------------

async function watchChanges() {
  for (;;) {
    let news;
    try {
      news = await api(withToken(`/api/changes?since=${state.changes}`));
    } catch (error) {
      say("the studio stopped answering (" + error.message + "); start `pnp studio` again");
      await new Promise((done) => setTimeout(done, 3000));
      continue;
    }
    if (news.version <= state.changes) continue;
    const paths = news.version === state.changes + 1 ? news.paths : null;     // else saves went unseen between
    state.changes = news.version;
    await queue;
    const before = JSON.stringify(state.game);
    await loadOverview().catch(() => null);
    const now = state.games.find((game) => game.key === state.game.key) || state.games[0];
    if (JSON.stringify(now) !== before || !state.grid) {
      await openGame(now.key, state.deck, state.row);          // a game that loads again, or whose decks changed
    } else {
      await loadGrid(false, paths);
    }
  }
}

document.addEventListener("DOMContentLoaded", () => start().catch((error) => say("error: " + error.message)));
