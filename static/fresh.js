// A table page the browser shows again from its memory (Back or Forward) may be behind the table:
// ask at once whether the table has moved on (the poll of _table.html or _seat.html), rather than at its next tick.
(function () {
  window.addEventListener("pageshow", (event) => {
    const nav = performance.getEntriesByType("navigation")[0];
    if (!event.persisted && !(nav && nav.type === "back_forward")) return;
    const poll = document.querySelector("#table [hx-trigger*='referee:check'], #seat [hx-trigger*='referee:check']");
    if (poll && window.htmx) htmx.trigger(poll, "referee:check");
  });
})();
