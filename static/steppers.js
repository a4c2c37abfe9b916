// Buying resources: + and − change the amounts on the page at once, and one preview (what the
// engine charges, or why it refuses) is asked for after the last tap, never one request per cube.
// Without this script every stepper is a link to that preview.
(function () {
  const WAIT_MS = 450;
  let timer = null, version = 0, sent = null;

  function buyForm() {
    return document.querySelector("#input form.fact:not(.needs):has(input[name=type][value=buy])");
  }

  function preview(table) {
    const form = buyForm();
    if (!form) return;
    const query = new URLSearchParams({type: "buy", player: form.elements.player.value});
    for (const row of table.querySelectorAll("tr[data-resource]")) {
      query.set(row.dataset.resource, form.elements[row.dataset.resource].value);
    }
    if (form.elements.market) query.set("market", form.elements.market.value);
    const seq = document.getElementById("page-seq");
    if (seq) query.set("page_seq", seq.value);
    sent = {url: table.dataset.view + "?" + query, version};
    htmx.ajax("GET", sent.url, {target: "#table", swap: "outerHTML"});
  }

  document.addEventListener("click", (e) => {
    const step = e.target.closest("table.buy[data-local] .stepper .step");
    if (!step || !window.htmx) return;
    e.preventDefault();
    e.stopPropagation();          // the link's own htmx request must not go
    const row = step.closest("tr"), table = row.closest("table.buy"), form = buyForm();
    const stepper = step.parentElement, out = stepper.querySelector("output");
    const plus = stepper.lastElementChild === step;
    const n = Math.min(+row.dataset.max, Math.max(0, +out.textContent + (plus ? 1 : -1)));
    if (n === +out.textContent || !form) return;
    out.textContent = n;
    form.elements[row.dataset.resource].value = n;
    stepper.firstElementChild.toggleAttribute("aria-disabled", n <= 0);
    stepper.lastElementChild.toggleAttribute("aria-disabled", n >= +row.dataset.max);
    form.querySelector("button").disabled = true;          // until the engine has priced it
    version += 1;
    clearTimeout(timer);
    timer = setTimeout(() => preview(table), WAIT_MS);
  }, true);

  // a preview that comes back after another tap is stale: the next one replaces it
  document.addEventListener("htmx:beforeSwap", (e) => {
    if (sent && e.detail.requestConfig && e.detail.requestConfig.path === sent.url && sent.version !== version) {
      e.detail.shouldSwap = false;
    }
  });
})();
