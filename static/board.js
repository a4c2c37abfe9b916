// A board wider than the screen (a phone) scrolls sideways: show the play areas first, and keep the
// place the player scrolled to when htmx redraws the table after a tap.
(function () {
  let kept = null;
  function place(left) {
    const box = document.querySelector(".board-box[data-focus]");
    if (!box || box.scrollWidth <= box.clientWidth) return;
    box.scrollLeft = left !== null ? left : box.dataset.focus * box.scrollWidth - box.clientWidth / 2;
  }
  document.addEventListener("DOMContentLoaded", () => place(null));
  document.addEventListener("htmx:beforeSwap", () => {
    const box = document.querySelector(".board-box[data-focus]");
    kept = box ? box.scrollLeft : null;
  });
  document.addEventListener("htmx:afterSettle", () => { place(kept); kept = null; });
})();
