// A form marked data-latest-only (the new-game form, which redraws its area picker as it is filled in)
// waits for its answers one at a time (hx-sync="this:queue last") and draws an answer only when
// nothing was changed since its request was sent: a later tap is never drawn over by an earlier
// answer, and no request is aborted (htmx reports an aborted request as a console error).
(function () {
  const form = (elt) => elt && elt.closest && elt.closest("form[data-latest-only]");
  const edited = (e) => { const f = form(e.target); if (f) f.dataset.edits = +(f.dataset.edits || 0) + 1; };
  document.addEventListener("change", edited, true);
  document.addEventListener("input", edited, true);
  document.addEventListener("htmx:configRequest", (e) => {
    const f = e.detail.elt;
    if (f && f.matches && f.matches("form[data-latest-only]")) f.dataset.sent = f.dataset.edits || 0;
  });
  document.addEventListener("htmx:beforeSwap", (e) => {
    const f = e.detail.elt;
    if (f && f.matches && f.matches("form[data-latest-only]") && f.dataset.sent !== (f.dataset.edits || "0")) {
      e.detail.shouldSwap = false;          // the form was changed since: its own newer request is queued
    }
  });
})();
