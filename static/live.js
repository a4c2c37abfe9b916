// The table page (and a seat's phone) follows its table live: the game's event stream (htmx's SSE
// extension on <main>) tells of each fact stored, and the poll of _table.html / _seat.html asks for
// the page then (the server answers 204 when the page shows it already, and leaves the input alone
// while the moment on screen is the same; idiomorph morphs the rest in place). Here only:
// a tap that gets no answer says so (#offline, role="alert"), and the page catches up by itself when
// the stream is back; an answer older than the page on screen is not drawn over it; Back asks at once.
(function () {
  // what is being typed in the field with the focus stays when the page is morphed around it
  const typing = "input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=submit]), textarea";
  if (window.Idiomorph) {
    Idiomorph.defaults.callbacks.beforeNodeMorphed = (old, now) => {
      if (old === document.activeElement && old.matches(typing) && now.nodeType === 1 && now.name === old.name) {
        now.setAttribute("value", old.value);
      }
      return true;
    };
  }
  const poll = () => document.querySelector("[hx-trigger*='referee:check']");
  const isPoll = (elt) => !!(elt && elt.matches && elt.matches(".poll"));
  const shown = () => +((document.getElementById("page-seq") || {}).value || 0);

  function offline(on) {
    const note = document.getElementById("offline");
    if (note && (note.textContent !== "") !== on) note.textContent = on ? note.dataset.text : "";
  }
  function lost(e) { if (!isPoll(e.detail.elt)) offline(true); }
  document.addEventListener("htmx:sendError", lost);
  document.addEventListener("htmx:timeout", lost);
  document.addEventListener("htmx:afterRequest", (e) => { if (e.detail.xhr && e.detail.xhr.status) offline(false); });
  // the stream is back: it tells the table's number at once, so the poll catches up by itself
  document.addEventListener("htmx:sseOpen", () => offline(false));

  document.addEventListener("htmx:beforeSwap", (e) => {
    const drawn = /data-seq="(\d+)"/.exec(e.detail.xhr.responseText || "");
    if (isPoll(e.detail.requestConfig && e.detail.requestConfig.elt) && drawn && +drawn[1] < shown()) {
      e.detail.shouldSwap = false;          // a poll answered before this page's own entry was drawn
    }
  });

  window.addEventListener("pageshow", (event) => {
    const nav = performance.getEntriesByType("navigation")[0];
    if ((event.persisted || (nav && nav.type === "back_forward")) && poll()) htmx.trigger(poll(), "referee:check");
  });
})();
