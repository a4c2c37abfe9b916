// Buying resources: + and − (or a count typed on the keypad) change the amounts on the page at once,
// and one preview (what the engine charges, or why it refuses) is asked for after the last change,
// never one request per cube.
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
    const page = table.closest("#table, #seat");          // the tablet's table or a seat's phone
    htmx.ajax("GET", sent.url, {source: page, target: page});
  }

  // a row's amount becomes n (within 0 and the row's most): the form, the steppers, one preview later
  function set(row, n) {
    const table = row.closest("table.buy"), form = buyForm(), count = row.querySelector("input.count");
    n = Math.min(+row.dataset.max, Math.max(0, Math.floor(n) || 0));
    if (!form) return;
    if (+count.value !== n) count.value = n;
    if (+form.elements[row.dataset.resource].value === n) return;
    form.elements[row.dataset.resource].value = n;
    const stepper = count.parentElement;
    stepper.firstElementChild.toggleAttribute("aria-disabled", n <= 0);
    stepper.lastElementChild.toggleAttribute("aria-disabled", n >= +row.dataset.max);
    form.querySelector("button").disabled = true;          // until the engine has priced it
    version += 1;
    clearTimeout(timer);
    timer = setTimeout(() => preview(table), WAIT_MS);
  }

  document.addEventListener("click", (e) => {
    const step = e.target.closest("table.buy[data-local] .stepper .step");
    if (!step || !window.htmx) return;
    e.preventDefault();
    e.stopPropagation();          // the link's own htmx request must not go
    const row = step.closest("tr"), count = row.querySelector("input.count");
    set(row, +count.value + (step.parentElement.lastElementChild === step ? 1 : -1));
  }, true);

  // a count typed on the keypad: the same as that many taps
  document.addEventListener("input", (e) => {
    const count = e.target.closest("table.buy[data-local] input.count");
    if (count && window.htmx && count.value !== "") set(count.closest("tr"), +count.value);
  });
  document.addEventListener("change", (e) => {
    const count = e.target.closest("table.buy[data-local] input.count");
    if (count && window.htmx) set(count.closest("tr"), +count.value);
  });

  // a preview that comes back after another tap is stale: the next one replaces it
  document.addEventListener("htmx:beforeSwap", (e) => {
    if (sent && e.detail.requestConfig && e.detail.requestConfig.path === sent.url && sent.version !== version) {
      e.detail.shouldSwap = false;
    }
  });
})();
