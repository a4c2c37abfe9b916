"""The table app: a Flask factory wiring the store, languages, the table key and the blueprints.

The web layer has no game logic: every change goes through `Game.play` (via `tables`), and pages
render the engine's state and `next`.
"""
import secrets
from pathlib import Path

from flask import Flask
from flask_wtf.csrf import CSRFProtect

from ..shipped import shipped
from ..store import default_path
from . import access, db, errors, guard, language, storage
from .environment import Environment
from .numbers import ShortInt
from .tables import Tables

csrf = CSRFProtect()


def create_app(config: dict | None = None) -> Flask:
    app = Flask("referee", template_folder=str(shipped("templates")), static_folder=str(shipped("static")))
    app.jinja_environment = Environment     # before anything asks for app.jinja_env, which is made once
    app.url_map.converters["int"] = ShortInt     # before any route is added: every <int:> is bounded
    app.config.update(
        DATABASE=str(Path("referee.sqlite3").resolve()),
        SECRET_KEY=secrets.token_hex(32),
        TABLE_KEY=None,            # set (by `referee serve --lan`) to require the key for every change
        MAX_CONTENT_LENGTH=2 * 1024 * 1024,
        CUSTOM_MAPS=str(default_path().parent / "maps"),   # boards of the table's own (custom_maps.py)
        WTF_CSRF_TIME_LIMIT=None,  # a game evening outlasts the default hour
        WTF_CSRF_SSL_STRICT=False,
        SESSION_COOKIE_SAMESITE="Lax",
        HOSTS=(),                  # names besides loopback this server answers to (`referee serve` sets them)
        READ_ONLY=False,           # set at start when the games file or its folder cannot be written
        OPEN_GAMES_IDLE=900,       # seconds a game not asked for stays in memory (tables.Tables)
        OPEN_GAMES_MOST=60,        # games kept in memory at most, the least recently asked for leaving first
    )
    app.config.update(config or {})
    guard.init_app(app)            # first: a request under another site's name gets no further
    csrf.init_app(app)
    language.init_app(app)
    db.init_app(app)
    access.init_app(app)
    errors.init_app(app)
    from . import build_most, games, install, live, playlog, printouts, seats, shortcodes, standings, table
    live.init_app(app)
    app.extensions["referee.tables"] = Tables(idle=app.config["OPEN_GAMES_IDLE"], most=app.config["OPEN_GAMES_MOST"],
                                              stored=app.extensions["referee.hub"].stored)
    storage.init_app(app)
    app.register_blueprint(games.bp)
    app.register_blueprint(table.bp)
    app.register_blueprint(seats.bp)
    app.register_blueprint(build_most.bp)
    app.register_blueprint(printouts.bp)
    app.register_blueprint(playlog.bp)
    app.register_blueprint(standings.bp)
    app.register_blueprint(install.bp)
    app.register_blueprint(shortcodes.bp)
    if app.config.get("BENCH"):
        from . import floor
        app.register_blueprint(floor.bp)
    return app
