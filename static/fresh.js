// The table page (and a seat's phone: _seat.html) follows its table live. The game's event stream (htmx's SSE extension, sse-connect
// on <main>) says the game's stored sequence number when it connects and whenever a fact is stored;
// the poll of _table.html or _seat.html (hx-trigger "sse:fact") then asks for the table, only when that number is
// not the one the page shows and no entry of this page is under way (its own answer brings it).
// A page the browser shows again from its memory (Back or Forward) asks at once too, and the poll
// asks every 30 s in case the stream is down; those, and the number the stream tells on
// (re)connecting, find a page that was behind, which says so.
// What someone was typing or choosing in the input panel survives the redraw when the same form is
// drawn again (the same fact and player); a draft drawn by the server (cities chosen, cubes) is
// carried by the poll's own URL.
(function () {
  const POLL = "#table [hx-trigger*='referee:check'], #seat [hx-trigger*='referee:check']";
  let told = null;            // a number the stream told while this page's own request was under way
  let typed = null;           // what was typed, kept over the poll's swap
  let connected = false;      // the stream has just (re)connected: its first number is a catch-up

  const shown = () => (document.getElementById("page-seq") || {}).value;
  const busy = () => document.querySelector("#table.htmx-request, #table .htmx-request, #seat.htmx-request, #seat .htmx-request") !== null;
  const isPoll = (elt) => elt && elt.matches && elt.matches("[hx-trigger*='referee:check']");

  function check(event = "referee:check", detail = undefined) {
    const poll = document.querySelector(POLL);
    if (poll && window.htmx) htmx.trigger(poll, event, detail);
  }

  document.addEventListener("htmx:sseOpen", () => { connected = true; });

  document.addEventListener("sse:fact", (e) => {
    const seq = e.detail && e.detail.data;
    if (e.detail) e.detail.catchUp = connected;
    connected = false;
    if (seq === shown()) {
      e.stopPropagation();        // this page shows it already: no request
    } else if (busy()) {
      told = seq;                 // asked again once the answer under way is drawn, if still behind
      e.stopPropagation();
    }
  }, true);

  function after() {
    setTimeout(() => {
      if (told === null || busy()) return;
      if (told !== shown()) check("sse:fact", {data: told});     // as the stream's own news
      told = null;
    }, 0);
  }
  document.addEventListener("htmx:afterRequest", after);
  document.addEventListener("htmx:afterSettle", after);

  document.addEventListener("htmx:configRequest", (e) => {
    const by = e.detail.triggeringEvent;
    if (isPoll(e.detail.elt) && by && by.type === "sse:fact" && !(by.detail && by.detail.catchUp)) {
      e.detail.parameters.live = "1";      // a live update: no "the table has moved on" notice
    }
  });

  // -- what was typed survives the poll's redraw ---------------------------------------------------

  document.addEventListener("input", mark, true);
  document.addEventListener("change", mark, true);
  function mark(e) {
    const el = e.target;
    if (el.form && el.closest("#input") && el.type !== "hidden") el.dataset.typed = "";
  }

  function formKey(form) {
    const fixed = [...form.querySelectorAll("input[type=hidden]")]
      .filter((i) => i.name !== "csrf_token" && i.name !== "seq")
      .map((i) => i.name + "=" + i.value);
    return form.className + "|" + fixed.join("&");
  }

  function keep() {
    return [...document.querySelectorAll("#input [data-typed]")].map((el) => ({
      form: formKey(el.form), name: el.name, type: el.type, value: el.value, checked: el.checked,
      focused: el === document.activeElement,
    }));
  }

  function put(kept) {
    const forms = new Map([...document.querySelectorAll("#input form")].map((f) => [formKey(f), f]));
    for (const k of kept) {
      const form = forms.get(k.form);
      if (!form || !k.name) continue;
      const choice = k.type === "radio" || k.type === "checkbox";
      const el = [...form.querySelectorAll("[name]")].find((x) => x.name === k.name && (!choice || x.value === k.value));
      if (!el || el.disabled) continue;
      if (choice) {
        if (el.checked !== k.checked) {
          el.checked = k.checked;
          el.dispatchEvent(new Event("change", {bubbles: true}));
        }
      } else {
        el.value = k.value;
      }
      el.dataset.typed = "";
      if (k.focused) el.focus();
    }
  }

  document.addEventListener("htmx:beforeSwap", (e) => {
    if (!e.detail.requestConfig || !isPoll(e.detail.requestConfig.elt) || !e.detail.shouldSwap) return;
    const drawn = /data-seq="(\d+)"/.exec(e.detail.xhr.responseText || "");
    if (drawn && Number(drawn[1]) <= Number(shown())) {
      e.detail.shouldSwap = false;         // this page's own answer got there first
      return;
    }
    typed = keep();
  });
  document.addEventListener("htmx:afterSettle", () => {
    if (typed) put(typed);
    typed = null;
  });

  window.addEventListener("pageshow", (event) => {
    const nav = performance.getEntriesByType("navigation")[0];
    if (event.persisted || (nav && nav.type === "back_forward")) check();
  });
})();
