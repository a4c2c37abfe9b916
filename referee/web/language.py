"""The page language: chosen from the browser, switchable on every page, remembered per device."""
from babel.lists import format_list
from flask import Blueprint, g, redirect, request, url_for
from flask_babel import Babel, get_translations
from jinja2 import pass_context
from markupsafe import Markup

from ..i18n import CATALOGUES, DEFAULT, LANGUAGES, babel_locale, language, locale_id
from .guard import local_path

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
    response = redirect(local_path(request.args.get("next")) or url_for("games.index"))
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


def listed(items, style: str = "standard") -> str:
    """Items inside a sentence, joined as the page's language joins a list (Babel): "Ann, Bob, and Cara",
    "Ann、Bob、Cara", "Ann、Bob和Cara"; style "or" for a choice."""
    items = [str(i) for i in items]
    return format_list(items, style=style, locale=babel_locale(current())) if items else ""


@pass_context
def template_gettext(context, string, **variables):
    """`_()` in templates as Jinja's newstyle gettext does it (translated, marked safe when escaping,
    %-formatted with escaped values) in one call with the catalogue the render was given: Jinja's
    own takes three context calls and a lookup of `g` per string, a tenth of a table answer's time."""
    return _formatted(context, _catalogue(context).ugettext(string), variables)


@pass_context
def template_ngettext(context, singular, plural, num, **variables):
    """`ngettext()` in templates, the same way; %(num)s is the count unless given."""
    variables.setdefault("num", num)
    return _formatted(context, _catalogue(context).ungettext(singular, plural, num), variables)


def _catalogue(context):
    """The request's catalogue, handed to each render by the context processor below."""
    return context.get("catalogue") or request_translations()


def _formatted(context, text: str, variables: dict):
    if context.eval_ctx.autoescape:
        text = Markup(text)
    return text % variables if variables or "%" in text else text     # "%%" is "%" even with no values


def init_app(app):
    Babel(app, locale_selector=lambda: locale_id(current()),
          default_translation_directories=str(CATALOGUES))
    app.jinja_env.newstyle_gettext = True
    app.jinja_env.globals.update(_=template_gettext, gettext=template_gettext, ngettext=template_ngettext)
    app.jinja_env.filters["listed"] = listed
    app.register_blueprint(bp)

    @app.context_processor
    def languages():
        return {"languages": LANGUAGES, "lang": current(), "catalogue": request_translations()}
