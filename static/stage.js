// The stage shows the board by itself when a building phase begins and the markets when it ends:
// a tab the table chose stays chosen only within the phase it was chosen in.
(function () {
  let phase = null;
  document.addEventListener("htmx:afterSettle", () => {
    const table = document.getElementById("table");
    if (!table || table.dataset.phase === phase) return;
    phase = table.dataset.phase;
    const auto = document.getElementById("stage-auto");
    if (auto && !auto.checked) {
      auto.checked = true;
      auto.dispatchEvent(new Event("change", {bubbles: true}));
    }
  });
  document.addEventListener("DOMContentLoaded", () => {
    const table = document.getElementById("table");
    phase = table ? table.dataset.phase : null;
  });
  // an error note over the page's foot goes away when tapped
  document.addEventListener("click", (e) => {
    const note = e.target.closest("#message");
    if (note && getComputedStyle(note).position === "fixed") note.replaceChildren();
  });
})();
