"""The page language: chosen from the browser, switchable on every page, remembered per device."""
from flask import Blueprint, g, redirect, request, url_for
from flask_babel import Babel, get_translations

from ..i18n import CATALOGUES, DEFAULT, LANGUAGES, language, locale_id

COOKIE = "lang"
bp = Blueprint("language", __name__)


def current() -> str:
    """'en', 'ja' or 'zh-Hant' for this request (worked out once per request)."""
    lang = g.get("lang")
    if lang is None:
        lang = g.lang = _chosen()
    return lang


def _chosen() -> str:
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


def request_translations():
    """The request's catalogue, looked up once per request: a table page has a hundred strings, and
    Flask-Babel finds its catalogue again for each one."""
    found = g.get("translations")
    if found is None:
        found = g.translations = get_translations()
    return found


def init_app(app):
    Babel(app, locale_selector=lambda: locale_id(current()),
          default_translation_directories=str(CATALOGUES))
    app.jinja_env.install_gettext_callables(
        gettext=lambda s: request_translations().ugettext(s),
        ngettext=lambda s, p, n: request_translations().ungettext(s, p, n), newstyle=True)
    app.register_blueprint(bp)

    @app.context_processor
    def languages():
        return {"languages": LANGUAGES, "lang": current()}
