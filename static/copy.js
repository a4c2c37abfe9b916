// Join page: a button that copies a seat's link. The Clipboard API works only in a secure context
// (localhost, https); over plain http on a LAN the link is copied through a hidden text box instead.
(function () {
  function fallback(text) {
    var box = document.createElement("textarea");
    box.value = text;
    box.setAttribute("readonly", "");
    box.style.position = "fixed";
    box.style.opacity = "0";
    document.body.appendChild(box);
    box.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    document.body.removeChild(box);
    return ok;
  }
  function said(button, ok) {
    var label = button.dataset.label || button.textContent;
    button.dataset.label = label;
    button.textContent = ok ? button.dataset.copied : button.dataset.failed;
    setTimeout(function () { button.textContent = label; }, 2500);
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-copy]");
    if (!button) return;
    var text = button.dataset.copy;
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(function () { said(button, true); },
                                               function () { said(button, fallback(text)); });
    } else {
      said(button, fallback(text));
    }
  });
})();
