// The board's own area: one finger pans it (the box scrolls), two fingers pinch it, the ± buttons
// zoom by steps. The zoom and the place scrolled to are kept when htmx redraws the table after a
// tap; a fresh board shows the play areas first (their middle, data-focus and data-focus-y), moved
// a little where that cuts fewer city names at the view's edges.
(function () {
  const MAX = 4;
  let zoom = 1, kept = null, pinch = null;
  const box = () => document.querySelector(".board-box[data-focus]");

  function zoomTo(z, x, y) {
    const b = box();
    if (!b) return;
    const before = zoom;
    zoom = Math.min(MAX, Math.max(1, z));
    const r = b.getBoundingClientRect();
    const px = x === undefined ? r.width / 2 : x - r.left, py = y === undefined ? r.height / 2 : y - r.top;
    const fx = (b.scrollLeft + px) / before, fy = (b.scrollTop + py) / before;
    b.style.setProperty("--zoom", zoom);
    b.scrollLeft = fx * zoom - px;
    b.scrollTop = fy * zoom - py;
  }

  function place(at) {
    const b = box();
    if (!b) return;
    b.style.setProperty("--zoom", zoom);
    if (!b.clientWidth) return;                 // not shown yet (another tab in front): placed when shown
    b.dataset.placed = "1";
    if (at) { b.scrollLeft = at[0]; b.scrollTop = at[1]; return; }
    const names = [...b.querySelectorAll("#board-names text")].map((t) => t.getBoundingClientRect());
    const r = b.getBoundingClientRect();
    if (b.scrollWidth > b.clientWidth) {
      const spans = names.map((n) => [n.left - r.left + b.scrollLeft, n.right - r.left + b.scrollLeft]);
      b.scrollLeft = uncut(b.dataset.focus * b.scrollWidth - b.clientWidth / 2, b.clientWidth, b.scrollWidth, spans);
    }
    if (b.scrollHeight > b.clientHeight) {
      const spans = names.map((n) => [n.top - r.top + b.scrollTop, n.bottom - r.top + b.scrollTop]);
      b.scrollTop = uncut(b.dataset.focusY * b.scrollHeight - b.clientHeight / 2, b.clientHeight, b.scrollHeight, spans);
    }
  }

  // Where to scroll near `want` (within a quarter of the view) so that the fewest city names are cut by
  // the view's edges: a name at the board's rim (Wilhelmshaven) is shown whole rather than half.
  function uncut(want, view, whole, spans) {
    const most = whole - view, reach = view / 4;
    let best = Math.min(most, Math.max(0, want)), fewest = Infinity;
    for (let at = Math.max(0, want - reach); at <= Math.min(most, want + reach); at += 2) {
      const cut = spans.filter(([a, z]) => (a < at && z > at) || (a < at + view && z > at + view)).length;
      if (cut < fewest || (cut === fewest && Math.abs(at - want) < Math.abs(best - want))) { best = at; fewest = cut; }
    }
    return best;
  }

  const spread = (t) => Math.hypot(t[0].clientX - t[1].clientX, t[0].clientY - t[1].clientY);
  document.addEventListener("touchstart", (e) => {
    if (e.touches.length === 2 && e.target.closest(".board-box")) pinch = {d: spread(e.touches), z: zoom};
  }, {passive: true});
  document.addEventListener("touchmove", (e) => {
    if (!pinch || e.touches.length !== 2) return;
    e.preventDefault();
    const [a, c] = e.touches;
    zoomTo(pinch.z * spread(e.touches) / pinch.d, (a.clientX + c.clientX) / 2, (a.clientY + c.clientY) / 2);
  }, {passive: false});
  document.addEventListener("touchend", (e) => { if (e.touches.length < 2) pinch = null; });
  document.addEventListener("click", (e) => {
    const button = e.target.closest("[data-zoom]");
    if (button) zoomTo(button.dataset.zoom === "in" ? zoom * 1.5 : zoom / 1.5);
  });

  document.addEventListener("DOMContentLoaded", () => place(null));
  document.addEventListener("htmx:beforeSwap", () => {
    const b = box();
    kept = b && b.dataset.placed && b.clientWidth ? [b.scrollLeft, b.scrollTop] : null;
  });
  document.addEventListener("htmx:afterSettle", () => { place(kept); kept = null; });
  // the board's tab brought forward (by a tap, or by stage.js when building begins)
  document.addEventListener("change", (e) => {
    if (e.target.name === "stage") requestAnimationFrame(() => { const b = box(); if (b && !b.dataset.placed) place(null); });
  });
})();
