/* The rules reference's search: the game's entries (search-index.js, beside the page) in
   MiniSearch, searched as one types, in the browser, offline once loaded. Each word typed
   begins a word of the entry ("stratag" finds Stratagem); letter case and accents aside. */
(function () {
  "use strict";
  var KINDS = ["term", "card", "rule", "ruling", "example"];   /* as pnp/reference/search.py lists them */

  function folded(text) {
    return text.replace(/\u2019/g, "'").normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }

  function start() {
    var form = document.querySelector(".ref-search");
    var entries = window.PNP_REFERENCE;
    if (!form || !entries || !window.MiniSearch) { return; }
    var input = form.querySelector("input[type=search]");
    var results = form.querySelector(".ref-results");
    var note = form.querySelector("#search-note");
    var kinds = JSON.parse(form.getAttribute("data-kinds"));
    var search = new window.MiniSearch({
      fields: ["title", "text"],
      storeFields: ["kind", "title", "href", "excerpt"],
      processTerm: function (term) { return folded(term); },
      searchOptions: {
        prefix: true, combineWith: "AND", boost: { title: 3 },
        /* the entry whose title is what was typed comes first, as in pnp rules --lookup */
        boostDocument: function (id, term, stored) { return folded(stored.title) === folded(input.value.trim()) ? 100 : 1; }
      }
    });
    search.addAll(entries);
    note.hidden = true;
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var first = results.querySelector("a");
      if (first) { first.click(); }
    });

    function show() {
      var query = input.value.trim();
      results.textContent = "";
      if (!query) { results.hidden = true; return; }
      var found = search.search(query);
      found.sort(function (a, b) { return b.score - a.score || KINDS.indexOf(a.kind) - KINDS.indexOf(b.kind); });
      results.hidden = false;
      if (!found.length) {
        var none = document.createElement("p");
        none.textContent = form.getAttribute("data-none");
        results.appendChild(none);
        return;
      }
      var list = document.createElement("ul");
      found.forEach(function (hit) {
        var item = document.createElement("li");
        var kind = document.createElement("span");
        kind.className = "ref-kind";
        kind.textContent = kinds[hit.kind] + " ";
        var link = document.createElement("a");
        link.href = hit.href;
        link.textContent = hit.title;
        var excerpt = document.createElement("span");
        excerpt.className = "ref-excerpt";
        excerpt.textContent = hit.excerpt;
        item.appendChild(kind);
        item.appendChild(link);
        item.appendChild(excerpt);
        list.appendChild(item);
      });
      results.appendChild(list);
    }
    input.addEventListener("input", show);
    if (input.value) { show(); }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
