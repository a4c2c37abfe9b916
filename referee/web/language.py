"""The page language: chosen from the browser, switchable on every page, remembered per device."""
from flask import Blueprint, redirect, request, url_for
from flask_babel import Babel

from ..i18n import CATALOGUES, DEFAULT, LANGUAGES, language, locale_id

COOKIE = "lang"
bp = Blueprint("language", __name__)


def current() -> str:
    """'en', 'ja' or 'zh-Hant' for this request."""
    chosen = request.cookies.get(COOKIE)
    if chosen in LANGUAGES:
        return chosen
    for tag, _quality in request.accept_languages:
        lang = language(tag)
        if lang != DEFAULT or tag.lower().startswith("en"):
            return lang
    return DEFAULT


@bp.get("/language/<lang>")
def choose(lang):
    target = request.args.get("next", "")
    if not target.startswith("/") or target.startswith("//"):
        target = url_for("games.index")
    response = redirect(target)
    if lang in LANGUAGES:
        response.set_cookie(COOKIE, lang, max_age=5 * 365 * 24 * 3600, samesite="Lax")
    return response


def init_app(app):
    Babel(app, locale_selector=lambda: locale_id(current()),
          default_translation_directories=str(CATALOGUES))
    app.register_blueprint(bp)

    @app.context_processor
    def languages():
        return {"languages": LANGUAGES, "lang": current()}
