// Keep the table's screen awake while a game page is open, with a visible switch (#awake) to stop it.
//
// Where the page is a secure context (https, or localhost on the table's own machine) the Screen Wake
// Lock API does it, asked again whenever the page comes back into view (the browser lets go of the
// lock when it is hidden). Over plain http on a LAN, the usual way a tablet opens `referee serve
// --lan`, browsers offer no wake lock, so NoSleep.js (vendored, MIT, static/nosleep-0.12.0.*) plays
// a tiny silent looping video, which keeps the screen on in every mobile browser; a browser starts a
// video only from a tap, so the switch then waits for the next tap on the page. The choice is kept
// on the device (localStorage): a table that turned it off finds it off on the next game.
(function () {
  var KEY = "referee.awake";
  var button = document.getElementById("awake");
  if (!button) return;
  var label = button.querySelector(".awake-label");
  var lock = null, noSleep = null, waiting = false;
  var native = window.isSecureContext && "wakeLock" in navigator;

  function wanted() {
    try { return localStorage.getItem(KEY) !== "off"; } catch (e) { return true; }
  }
  function keep(on) {
    try { localStorage.setItem(KEY, on ? "on" : "off"); } catch (e) { /* private mode: not kept */ }
  }
  function show(state) {
    button.dataset.state = state;
    button.setAttribute("aria-checked", state === "on" || state === "waiting" ? "true" : "false");
    label.textContent = button.dataset[state];
  }

  function start() {
    if (native) {
      return navigator.wakeLock.request("screen").then(function (sentinel) {
        lock = sentinel;
        lock.addEventListener("release", function () { lock = null; if (wanted()) show("waiting"); });
        show("on");
      }, function () { lock = null; waitForTap(); });
    }
    if (!window.NoSleep) { show("unable"); return Promise.resolve(); }
    noSleep = noSleep || new window.NoSleep();
    return noSleep.enable().then(function () { waiting = false; show("on"); }, waitForTap);
  }
  function stop() {
    waiting = false;
    if (lock) { lock.release(); lock = null; }
    if (noSleep && noSleep.isEnabled) noSleep.disable();
    show("off");
  }
  function waitForTap() {
    waiting = true;
    show("waiting");
  }

  // A browser starts the fallback's video (and may grant a refused lock) only from a tap.
  document.addEventListener("pointerdown", function (event) {
    if (waiting && wanted() && !button.contains(event.target)) { waiting = false; start(); }
  }, true);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible" && wanted() && !lock && native) start();
  });
  button.addEventListener("click", function () {
    var on = button.getAttribute("aria-checked") !== "true";
    keep(on);
    if (on) start(); else stop();
  });

  if (wanted()) {
    if (native) start(); else waitForTap();
  } else {
    show("off");
  }
})();
