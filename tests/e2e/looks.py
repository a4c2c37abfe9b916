"""What a person would notice on a rendered page, measured in the browser: sideways scrolling, tap
targets smaller than a finger, English words on a page in another language."""
import re
from functools import lru_cache

from referee.catalog import available_maps, load_map

TAP = 44   # CSS px, the smallest comfortable touch target

# Visible, enabled things a finger taps; an input inside a label is tapped through its label, and a
# label pointing at a hidden control (a stage tab) is the target itself.
TARGETS_JS = """([scope, tap]) => {
    const root = document.querySelector(scope);
    if (!root) return [];
    const found = new Map();
    for (const el of root.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary, label[for]')) {
        if (el.closest('[hidden], .visually-hidden') || el.classList.contains('visually-hidden')) continue;
        if (el.disabled || el.getAttribute('aria-disabled') === 'true') continue;
        const control = el.htmlFor && document.getElementById(el.htmlFor);
        if (control && control.checkVisibility() && !control.classList.contains('visually-hidden')) continue;
        const target = (el.matches('input, select, textarea') && el.closest('label')) || el;
        if (!target.checkVisibility({visibilityProperty: true})) continue;
        const r = target.getBoundingClientRect();
        if (r.width + 0.5 >= tap && r.height + 0.5 >= tap) continue;
        const text = (target.getAttribute('aria-label') || target.textContent || target.name || '').trim()
            .replace(/\\s+/g, ' ').slice(0, 40);
        const what = target.tagName.toLowerCase() + (target.className && typeof target.className === 'string'
            ? '.' + target.className.trim().split(/\\s+/).join('.') : '');
        found.set(target, `${what} "${text}" ${Math.round(r.width)}×${Math.round(r.height)}`);
    }
    return [...new Set(found.values())];
}"""

# Words of visible text, leaving out drawings (the board prints its own city names), the
# language switcher (each language named in itself) and anything marked as another language.
TEXT_JS = """scope => {
    const out = [];
    const root = document.querySelector(scope);
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        const el = n.parentElement;
        if (!n.textContent.trim() || el.closest('svg, nav.langs, script, style, [lang]:not(html), [translate=no]')) continue;
        if (!el.checkVisibility({visibilityProperty: true})) continue;
        out.push(n.textContent);
    }
    for (const el of root.querySelectorAll('input[placeholder]:not([type=hidden])'))
        if (el.checkVisibility()) out.push(el.placeholder);
    if (scope === 'html') out.push(document.title);
    return out.join(' ');
}"""


def sideways_scroll(page) -> int:
    """How many CSS px the page scrolls sideways (0 when it fits its viewport's width)."""
    return page.evaluate("() => document.scrollingElement.scrollWidth - window.innerWidth")


def small_targets(page, scope="body") -> list:
    """Descriptions of visible tap targets under `scope` smaller than 44×44 CSS px."""
    return page.evaluate(TARGETS_JS, [scope, TAP])


@lru_cache
def place_names() -> frozenset:
    """City names as printed on the boards: not English UI words, whatever the page's language."""
    return frozenset(w for m in available_maps() for c in load_map(m).cities.values()
                     for w in re.findall(r"[A-Za-z]{2,}", c.name))


def english_words(page, allowed=(), scope="html") -> list:
    """Latin-script words shown under `scope` (and the page's title) that are neither place names
    nor in `allowed` (player names)."""
    words = set(re.findall(r"[A-Za-z]{2,}", page.evaluate(TEXT_JS, scope)))
    return sorted(words - place_names() - {w for a in allowed for w in re.findall(r"[A-Za-z]{2,}", a)})
