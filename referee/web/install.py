"""Installable: the web app manifest, so the table page can be put on a tablet's home screen.

    GET /manifest.webmanifest   name, short name, start URL, standalone display, theme colour and
                                the 192 px and 512 px icons (static/icons, drawn by tools/icons.py)

Names are in the page's language. No service worker: browsers run one only in a secure context
(https or localhost), and a table over plain http on a LAN is neither, so offline pages are not
offered (docs/around-the-game.md).
"""
from flask import Blueprint, jsonify, url_for
from flask_babel import gettext as _

from .language import current

bp = Blueprint("install", __name__)
THEME = "#1f4e79"
BACKGROUND = "#f6f7f9"
ICON_SIZES = (192, 512)


@bp.get("/manifest.webmanifest")
def manifest():
    body = {
        "name": _("Power Grid referee"), "short_name": _("Referee"), "lang": current(),
        "start_url": url_for("games.index"), "scope": "/", "display": "standalone",
        "theme_color": THEME, "background_color": BACKGROUND,
        "icons": [{"src": url_for("static", filename=f"icons/referee-{n}.png"), "sizes": f"{n}x{n}",
                   "type": "image/png", "purpose": "any"} for n in ICON_SIZES]
        + [{"src": url_for("static", filename="icons/referee-maskable-512.png"), "sizes": "512x512",
            "type": "image/png", "purpose": "maskable"}],
    }
    response = jsonify(body)
    response.mimetype = "application/manifest+json"
    return response
