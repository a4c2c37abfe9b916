"""The table view of one game, the facts entered on it, its log and corrections.

Routes (all under /games/<game_id>):

    GET  /             the table page. Query fields of a draft (the same fields as a fact, below)
                       preview it: buy prices, a build's total and routes, a player's income.
                       `since=<seq>` (the page's poll) answers 204 while nothing changed; it asks
                       when the game's event stream (referee.web.live) tells of a new fact
                       (`live=1`: no notice), and every 30 s in case the stream is down. The
                       poll carries the draft on screen, redrawn on the new state while the
                       table still waits for that player's fact of that kind.
                       An htmx request gets the #table fragment only (see "What an answer redraws").
    POST /facts        one entry: the fact fields of referee/web/facts.py (type, player, plant, amount,
                       price, card, cities…/new_network, coal/oil/garbage/uranium/market, fire/plants/burn_<plant>/powered,
                       keep_<r>, from/to/resource/count) plus `seq`, the sequence number the form was
                       rendered at, and (htmx) `page_seq`, the page's own, which wins. Answers:
                         200  the #table fragment with the entry's rulings (a plain form post: 303 to the page,
                              or to `next` if it is a local path)
                         400  a malformed form: a message in the page's language, retargeted to #message
                         422  the engine refused it: its reason and what the table is waiting for; nothing stored
                         409  someone else entered first (seq is stale): the fresh #table and a notice
    POST /power-all    everyone still to power fires the referee's proposal (`seq`/`page_seq` as above, required):
                       one `power` entry per player, all stored or none; answers as /facts does
    GET  /log          the effective facts with their rulings, newest first, LOG_PAGE a page (`page=<n>`);
                       undo, redo, links to correct a fact
    GET  /log/<n>      the form to correct fact n;  POST /log/<n> replaces it (same fields + seq)

What an answer redraws: an htmx answer always replaces #table (its data-seq, where the game stands,
rulings and input), but the players, plant market, resource market, markets at a glance, houses on
the board, deck, result, undo and redo, move-cubes forms, tabs and map rules come back as empty
`hx-preserve` stand-ins when they are the same as on the page it answers (KEPT_PARTS; the page's
`page_seq`, whose view is kept per sequence number: Table.view), and the board's unchanging layers
always do: htmx keeps the parts already on screen. A form in a kept part still holds the `seq`
it was drawn at, so htmx adds the page's current `page_seq` (#page-seq, hx-include on #table).

Drawn once for every device: after a fact each device of the table asks for the #table fragment,
and those with the same language and the same view (viewer.Viewer: the key holder or a watcher, with
the table's money choice), the same parts kept and the same notice get the same bytes. So it is drawn
once per sequence number and kept with the table (shared_fragment, Table.fragment) with a mark in
place of the form token, which each device gets its own of. A draft is drawn for its device alone.
"""
import secrets
from functools import lru_cache, partial
from urllib.parse import quote_plus

from flask import Blueprint, abort, current_app, g, redirect, request, url_for
from flask import render_template as render_whole
from flask_babel import gettext as _
from markupsafe import Markup

from ..i18n import LANGUAGES
from ..rulings import describe_rules
from ..rulings.editions import describe_edition
from ..rules.errors import IllegalAction
from ..store import UnknownGame
from . import board, ending, inputs, views
from .access import has_key
from .db import file_state, get_store
from .guard import local_path
from .facts import FormError, fact_from_form, moment, same_moment
from .form_token import form_token
from .cards import plant_card
from .correction import correction_fields
from .language import current
from .memo import per_object
from .numbers import whole
from .paced import render_template
from .tables import Moved, Tables
from .viewer import Viewer, seen as seen_by, seen_at

bp = Blueprint("table", __name__, url_prefix="/games/<int:game_id>")


@bp.record_once
def template_helpers(setup):
    setup.app.jinja_env.globals.update(resource_name=views.resource_name, plant_card=plant_card, query=query)


def query(**values) -> str:
    """A draft's query string (repeated fields for lists), appended to the table's own URL: what
    urlencode(values, doseq=True) writes, each name and value quoted once per process (a build's
    panel links every city of the board twice, and the same few names and ids come back every time)."""
    parts = []
    for name, value in values.items():
        if isinstance(value, (str, bytes)) or not hasattr(value, "__len__"):     # urlencode: a value without len() is one value
            parts.append(f"{quoted(name)}={quoted(value)}")
        else:
            parts.extend(f"{quoted(name)}={quoted(one)}" for one in value)
    return "?" + "&".join(parts)


@lru_cache(maxsize=4096)
def _quoted(text) -> str:
    return quote_plus(text)


def quoted(value) -> str:
    """quote_plus as urlencode applies it: bytes and str as they are, anything else as its str()."""
    return _quoted(value if isinstance(value, (str, bytes)) else str(value))


def open_table(game_id: int, read: bool = True):
    """The game's open table, caught up with the file (without `read`: as it is in memory, for a
    fact, whose play reads the file itself: play_fact)."""
    tables = current_app.extensions.setdefault("referee.tables", Tables())
    try:
        table = tables.get(get_store(), game_id, read)
    except UnknownGame:
        abort(404)
    money_read(table)
    return table


def money_read(table):
    """The table's money choice as its last read of the file found it (with its news: Table.catch_up,
    or with a fact it stored: Store.append), for this request's pages (money_shown)."""
    g.setdefault("money_shown", {})[table.id] = table.money


def play_fact(table, fact: dict, seen: int) -> list:
    """table.play of this request's fact, without reading the file first (Table.play's `fresh`),
    and the money choice the play read kept for this request's pages, whatever its outcome."""
    try:
        return table.play(get_store(), fact, seen=seen, fresh=True)
    finally:
        money_read(table)


def htmx() -> bool:
    return bool(request.headers.get("HX-Request"))


# Parts of the table drawn from the state alone (no draft, no form tokens change what they show): a
# response leaves out those the page on screen already shows as they are, and htmx keeps them.
# id: the views it draws (the players' part holds Recharged's neutral player too)
KEPT_PARTS = {"players": ("players", "neutral"), "market": ("market",), "resources": ("track",), "deck": ("deck",),
              "end": ("end",), "glance": ("market", "track"), "houses": ("houses",), "moves": ("movers",),
              "tools": ("can_undo", "can_redo"), "tabs": (), "map-rules": ()}
# A part whose forms ask for the table (the undo and redo buttons, the move-cubes forms) says so with
# each request (hx-headers PART_HEADER on it): an answer to a request from inside a part draws that
# part. htmx finds the swap's extension (morph) from the element that asked, and a kept part's
# elements are set aside while the answer is swapped in: without its extension the answer would be
# put inside the old #table instead of morphed into it.
PART_HEADER = "Referee-Part"


def state_view(game, money: bool = True) -> dict:
    """What the table draws from one state, in the page's language, with or without the players'
    money (made once per seq, language and choice: Table.view). The shared screen and a watcher see
    the same: the game with everyone's money out of reach unless the table shows it (viewer.seen)."""
    played = game.state
    game = seen_by(game, Viewer(money_shown=money))
    state, ctx = game.state, game.ctx
    players = views.players(played, ctx, lambda name: money)
    return {
        "phase": views.phase_name(state["phase"]), "waiting": views.waiting(state["next"], ctx.map, money),
        "order": views.turn_order(state), "acting_seats": views.acting_seats(state), "market": views.market(state, ctx),
        "track": views.resource_track(state, ctx, views.refill_before(game.events[-1])),
        "players": players, "deck": views.deck(state, ctx),
        # who may move cubes between their own plants now (allowed at any time): two plants at least
        "movers": [{"name": p["name"], "colour": p["colour"], "plants": [c["number"] for c in p["plants"]]}
                   for p in players if len(p["plants"]) > 1] if state["next"].get("anytime") else [],
        "neutral": views.neutral_player(state, ctx),
        "houses": board.houses(ctx.map, state, views.colours(state)),
        "end": ending.result(game) if state["phase"] == "over" else None,
        "can_undo": bool(game.facts), "can_redo": bool(game.undone), "panel": inputs.panel(game, money=money),
        "next": state["next"], "moment": moment(state["next"]),
    }


def kept_parts(table, shown: int | None, key: tuple) -> frozenset:
    """The parts (KEPT_PARTS) that the page drawn at `shown` shows as they are now, for views of `key`
    (language, money choice): worked out once per (shown, key) and sequence number; never the part
    the request came from (PART_HEADER)."""
    if shown is None:
        return frozenset()
    now = table.view(key, partial(state_view, money=key[1]))
    seq = table.seq
    memo = ("kept", shown, key)
    found = table.fragment(seq, memo)
    if found is None:
        before = table.seen_view(shown, key)
        found = frozenset(part for part, keys in KEPT_PARTS.items()
                          if before is not None and all(before[k] == now[k] for k in keys))
        table.keep_fragment(seq, memo, found)
    asked_from = request.headers.get(PART_HEADER)
    return found - {asked_from} if asked_from else found


def table_values(table, events=None, draft=None, shown: int | None = None, keep_input=False,
                 viewer: Viewer | None = None) -> dict:
    """Everything the table fragment draws; `shown` is the seq of the page on screen (htmx), whose
    unchanged parts are not drawn again. Players' money is drawn only when the table chose to show
    it; a device that may not change the game (a watcher) gets no input and no city to tap. With
    `keep_input` (a live update to a page showing the same moment) the input is left as it is on screen.
    `viewer`: this device's (table_viewer), when the caller has it already."""
    viewer = viewer or table_viewer(table)
    money = viewer.money_shown
    key = (current(), money)        # views are kept per language and money choice (Table.view's `lang`)
    now = table.view(key, partial(state_view, money=money))
    game = table.game
    ctx = game.ctx
    events = game.events[-1] if events is None else events
    panel = inputs.panel(seen_at(table, viewer), draft, money) if draft else now["panel"]
    if not viewer.key:      # a watcher: the same view, without input
        panel = {"template": None}
    drafted = {k: v for k, v in draft.to_dict(flat=False).items() if k not in ("since", "page_seq", "live")} \
        if draft else {}
    return {
        **now, "game_id": table.id, "seq": table.seq, "state": views.moment(game.state),
        "fact_url": url_for("table.facts", game_id=table.id), "view_url": url_for("table.view", game_id=table.id),
        "power_all_url": url_for("table.power_all", game_id=table.id),
        "poll_url": url_for("table.view", game_id=table.id) + query(since=table.seq, **drafted),
        "ruling": partial(views.ruling, game_map=ctx.map), "panel": panel,
        "moves_html": partial(moves_html, now["movers"], url_for("table.facts", game_id=table.id), table.seq),
        "events": events, "refill": views.refill_steps(events),
        "keep": kept_parts(table, shown, key) | ({"input"} if keep_input else set()),
        "moment": now["moment"],       # the moment as this screen sees it (money-blind unless shown)
        "map_rules": map_rules(ctx, current()), "money_shown": money, "has_board": True,
        "board": {"view_box": board.view_box(ctx.map), "marks": board.marks(ctx.map), "step": game.state["step"],
                  "disc": round(board.CITY * board.size(ctx.map), 1),
                  "static": board.static_layer(ctx.map, ctx.areas, tuple(ctx.edition.house_costs)),
                  "names": board.names_layer(ctx.map, ctx.areas),
                  "min_width": board.min_width(ctx.map), "min_height": board.min_height(ctx.map),
                  "focus": board.focus(ctx.map, ctx.areas),
                  "hit": board.hit_radius(ctx.map),
                  "houses": now["houses"], "routes": panel.get("routes", []),
                  "chosen": board.spots(ctx.map, panel.get("chosen", [])),
                  "closed": board.spots(ctx.map, views.closed_cities(game.state, ctx)),
                  "targets": board.spots(ctx.map, panel.get("targets", [])),
                  "start_marks": board.start_marks(ctx.map, game.state)},
    }


def moves_html(movers: list, fact_url: str, seq: int, token: str) -> Markup:
    """The forms that move cubes between a player's own plants, with this page's sequence number and
    form token: drawn once per language, players and plants (moves_drawn), as they change only when
    someone's plants do, and a table answer would otherwise draw them every time."""
    if not movers:
        return Markup("")
    key = tuple((p["name"], p["colour"], tuple(p["plants"])) for p in movers)
    return Markup(moves_drawn(current(), key, fact_url).replace(SEQ_MARK, str(seq)).replace(FORM_TOKEN_MARK, token))


@lru_cache(maxsize=256)
def moves_drawn(lang: str, movers: tuple, fact_url: str) -> str:
    """_moves.html in `lang` (the request's), with marks in place of the sequence number and form token."""
    return render_whole("_moves.html", fact_url=fact_url, seq=SEQ_MARK, csrf_token=form_token_mark,
                        movers=[{"name": n, "colour": c, "plants": list(plants)} for n, c, plants in movers])


@per_object(64)
def map_rules(ctx, lang: str) -> tuple:
    """The map's own setup and rules for this many players, in the page's language (made once per game and language)."""
    return tuple(describe_rules(ctx.map, lang, ctx.players, ctx.variation)
                 + describe_edition(ctx.map, ctx.edition, lang, ctx.players, played=True))


def money_shown(game_id: int) -> bool:
    """Whether the table chose to show every player's money (the key holder's choice, kept with the
    game): read once per request (a read of the store is a hand-off to a thread under the server)."""
    known = g.setdefault("money_shown", {})
    if game_id not in known:
        known[game_id] = get_store().money_shown(game_id)
    return known[game_id]


def shared_view(table) -> dict:
    """The shared screen's view of the table now, in the page's language (state_view)."""
    money = money_shown(table.id)
    return table.view((current(), money), partial(state_view, money=money))


def shared_next(table) -> dict:
    """`next` as the shared screen may see it (viewer.seen): for what is allowed, in a refusal."""
    return seen_at(table, Viewer(money_shown=money_shown(table.id))).state["next"]


def may_enter() -> bool:
    """Whether this device may enter facts at the table page (the key, or no key needed, and a writable file)."""
    return has_key() and file_state() is None


def warm(table):
    """Work out now what the game's first page draws from its board alone (the label placement, the
    board's layers, the map's rules in each language), so a page opened right after a restart is quick."""
    ctx = table.game.ctx
    board.lay_out_here(ctx.map)
    board.static_layer(ctx.map, ctx.areas, tuple(ctx.edition.house_costs))
    for part in (board.names_layer, board.focus):
        part(ctx.map, ctx.areas)
    for part in (board.hit_radius, board.min_width, board.min_height):
        part(ctx.map)
    for lang in LANGUAGES:
        map_rules(ctx, lang)


def table_viewer(table) -> Viewer:
    """Who this device is at the table page: the key holder (who may enter facts) or a watcher, with
    the table's money choice (the one read of the store this takes)."""
    return Viewer(key=may_enter(), money_shown=money_shown(table.id))


def show(table, events=None, draft=None, status=200, notice=None, shown=None, keep_input=False, urgent=False):
    """The #table fragment for htmx (leaving out what the page at `shown` already has, and the
    board's unchanging layers (links, dots, names), which every table page has), else the whole page.
    `urgent`: the answer to the device that entered a fact, drawn at once; any other page is drawn in
    slices, the loop answering others between them (referee.web.paced)."""
    if htmx():
        return shared_fragment(table, events, draft, notice, shown, keep_input, urgent), status
    return render_template("table/view.html", notice=notice, **table_values(table, events, draft)), status


def shared_fragment(table, events, draft, notice, shown, keep_input, urgent=False) -> str:
    """The #table fragment for htmx, drawn once per sequence number for every device that would get
    the same bytes: the same language, the same view (viewer.Viewer: key holder or watcher, with the
    table's money choice), the same parts kept from the page on screen and the same notice. The one
    thing of a device's own in it, its form token, is put in after (personal). A draft, or rulings
    other than the last entry's (an undo's answer), is drawn for its device alone."""
    viewer = table_viewer(table)
    lang = current()
    if events is not None and table.game.events and events is table.game.events[-1]:
        events = None       # the last entry's rulings: what every device's poll shows
    frozen = frozen_notice(notice)
    key = None
    if draft is None and events is None and (notice is None or frozen is not None):
        keep = kept_parts(table, shown, (lang, viewer.money_shown)) | ({"input"} if keep_input else frozenset())
        seq = table.seq     # after kept_parts: a play under way (it holds the table's lock) has ended
        key = ("_table.html", lang, viewer, keep, frozen)
        if (text := table.fragment(seq, key)) is not None:
            return personal(text)
    values = table_values(table, events, draft, shown, keep_input, viewer)
    values["board"]["static_shown"] = True
    draw = render_whole if urgent else render_template      # a tap's answer at once; others in slices (referee.web.paced)
    text = draw("_table.html", notice=notice, oob=True, csrf_token=form_token_mark, **values)
    if key is not None and values["seq"] == seq:
        table.keep_fragment(seq, key, text)
    return personal(text)


# What a shared fragment holds in place of the device's form token (CSRF): unguessable, so no text of
# the game (a player's name) can be taken for it.
FORM_TOKEN_MARK = "form-token-" + secrets.token_hex(16)
SEQ_MARK = "form-seq-" + secrets.token_hex(8)       # the same, for a form's sequence number (moves_drawn)


def form_token_mark() -> str:
    return FORM_TOKEN_MARK


def personal(text: str) -> str:
    """A shared fragment with this device's own form token in it (asked for only when it has a form)."""
    return text.replace(FORM_TOKEN_MARK, form_token()) if FORM_TOKEN_MARK in text else text


def frozen_notice(notice: dict | None) -> tuple | None:
    """A notice as part of a fragment's key (None: it cannot be one)."""
    if notice is None or not all(isinstance(v, (str, int, bool, type(None))) for v in notice.values()):
        return None
    return tuple(sorted(notice.items()))


def refused(table, status: int, message: str, waiting: str | None = None):
    """A refused entry: what is wrong and what is allowed; the page itself is untouched."""
    if htmx():
        body = render_template("_notice.html", notice={"status": status, "message": message, "waiting": waiting})
        return body, status, {"HX-Retarget": "#message", "HX-Reswap": "innerHTML"}
    return show(table, status=status, notice={"status": status, "message": message, "waiting": waiting})


def behind(seen: int | None, now: int, correcting=False) -> str:
    """Why an entry from a page behind the table was not taken, without guessing who moved it on (another
    device, another tab of this one, or this tab itself before the browser's Back button)."""
    if seen is None:
        where = _("The table moved on while this page was open.")
    else:
        where = _("This page was behind the table: it showed entry %(seen)s, and the table is at entry %(now)s.",
                  seen=seen, now=now)
    then = _("Check the fact and correct it again.") if correcting else \
        _("Here is the game as it stands now; check it and enter again.")
    return views.words().sentences(where, then)


def moved(table, seen: int):
    """The page was behind the table: show the game as it stands now, and say so."""
    notice = {"status": 409, "message": behind(seen, table.seq)}
    body, status = show(table, status=409, notice=notice)
    return body, status, ({"HX-Retarget": "#table", "HX-Reswap": "morph"} if htmx() else {})


def seen_seq(values):
    """The sequence number the page on screen was drawn at. htmx sends `page_seq`, which the page
    keeps current even in parts it did not redraw; a plain form post sends its own `seq`."""
    for field in ("page_seq", "seq"):
        text = (values.get(field) or "").strip()
        if text:
            if (seq := whole(text)) is None:
                raise FormError(_("The page's sequence number is not a number; reload the page."))
            return seq
    return None


def required_seq(values) -> int:
    """seen_seq of a change, which must say what it was entered against: without it two devices'
    undo (or any fact) would both apply."""
    seq = seen_seq(values)
    if seq is None:
        raise FormError(_("The page's sequence number is missing, so this could undo or repeat what another "
                          "device entered. Reload the page and enter it again."))
    return seq


@bp.get("/")
def view(game_id):
    table = open_table(game_id)
    since = request.args.get("since") if htmx() else None
    if since is not None and str(table.seq) in (since, request.args.get("page_seq")):
        return "", 204          # the page shows this entry already (its poll may have been drawn before it)
    try:
        shown = seen_seq(request.args)
    except FormError:
        shown = None
    notice = {"info": True, "message": _("The table has moved on since this page was shown: this is the game "
                                         "as it stands now.")} if since is not None and not request.args.get("live") else None
    draft = inputs.current_draft(table.game, request.args if request.args.get("type") else None)
    return show(table, draft=draft, shown=shown, notice=notice,
                keep_input=htmx() and same_moment(request.args, lambda: shared_view(table)["moment"]))


@bp.post("/facts")
def facts(game_id):
    table = open_table(game_id, read=False)     # the play reads the file (one hand-off to a thread per fact)
    try:
        seen = required_seq(request.form)
        fact = fact_from_form(request.form, list(table.game.state["players"]))
    except FormError as e:
        table = open_table(game_id)     # caught up: what the table waits for, as it stands
        return refused(table, 400, str(e), views.waiting(shared_next(table), table.game.ctx.map,
                                                         money_shown(game_id)))
    try:
        events = play_fact(table, fact, seen)
    except Moved:
        return moved(table, seen)
    except IllegalAction as e:
        return refused(table, 422, views.refusal(e, shared_next(table), table.game.ctx.map, fact,
                                                 money_shown(game_id)))
    if not htmx():
        return redirect(local_path(request.form.get("next")) or url_for("table.view", game_id=game_id), 303)
    return show(table, events=events, shown=seen, urgent=True)


@bp.post("/power-all")
def power_all(game_id):
    """Everyone still to power fires what the referee proposes: one `power` entry each (without
    plants: the engine's proposal), stored together or not at all."""
    table = open_table(game_id)
    state = table.game.state
    try:
        seen = required_seq(request.form)
    except FormError as e:
        return refused(table, 400, str(e), views.waiting(shared_next(table), table.game.ctx.map, money_shown(game_id)))
    facts = [{"type": "power", "player": a["player"]} for a in state["next"]["actions"] if a["type"] == "power"]
    try:
        events = table.play_all(get_store(), facts, seen=seen)
    except Moved:
        return moved(table, seen)
    except IllegalAction as e:
        return refused(table, 422, views.refusal(e, shared_next(table), table.game.ctx.map,
                                                 money=money_shown(game_id)))
    if not htmx():
        return redirect(url_for("table.view", game_id=game_id), 303)
    return show(table, events=events, shown=seen, urgent=True)


LOG_PAGE = 50     # facts per page of the log, newest first


def log_page_of(number: int, total: int) -> int:
    """The page of the log (1: the newest facts) that shows fact `number` of `total`."""
    return (total - number) // LOG_PAGE + 1


def log_url(game_id: int, number: int, total: int) -> str:
    """The log page showing fact `number`, scrolled to it."""
    page = log_page_of(number, total)
    return url_for("table.log", game_id=game_id, **({"page": page} if page > 1 else {})) + f"#fact-{number}"


@bp.get("/log")
def log(game_id):
    table = open_table(game_id)
    game = table.game
    total = len(game.facts)
    pages = max(1, log_page_of(1, total))
    page = whole(request.args.get("page"))
    page = min(page, pages) if page else 1
    newest = total - (page - 1) * LOG_PAGE
    entries = [{"number": i, "text": views.fact_text(game.facts[i - 1], game.ctx.map), "events": game.events[i]}
               for i in range(newest, max(0, newest - LOG_PAGE), -1)]
    links = [{"page": n, "newest": total - (n - 1) * LOG_PAGE, "oldest": max(1, total - n * LOG_PAGE + 1),
              "url": url_for("table.log", game_id=game_id, **({"page": n} if n > 1 else {}))}
             for n in range(1, pages + 1)]
    return render_template("table/log.html", game_id=game_id, seq=table.seq, entries=entries, page=page,
                           pages=links if pages > 1 else [], can_undo=bool(game.facts), can_redo=bool(game.undone),
                           redo_text=views.fact_text(game.undone[-1], game.ctx.map) if game.undone else None,
                           ruling=partial(views.ruling, game_map=game.ctx.map))


@bp.route("/log/<int:number>", methods=["GET", "POST"])
def correct(game_id, number):
    table = open_table(game_id)
    game = table.game
    if not 1 <= number <= len(game.facts):
        abort(404)
    original = game.facts[number - 1]
    values, status, notice = None, 200, None
    if request.method == "POST":
        values = request.form
        try:
            seen = required_seq(request.form)
            form = request.form.copy()
            form["type"] = original["type"]     # a correction fixes a fact's values, not its kind
            fact = fact_from_form(form, list(game.state["players"]))
            table.play(get_store(), {"type": "correct", "fact": number, "action": fact}, seen=seen)
            return redirect(log_url(game_id, number, len(game.facts)), 303)
        except FormError as e:
            status, notice = 400, {"message": str(e)}
        except Moved:
            status, notice = 409, {"message": behind(seen, table.seq, correcting=True)}
        except IllegalAction as e:     # says which later fact would become illegal, and why
            status, notice = 422, {"message": views.refusal(e)}
    return render_template("table/correct.html", game_id=game_id, seq=table.seq, number=number,
                           back=log_url(game_id, number, len(game.facts)),
                           text=views.fact_text(original, game.ctx.map), kind=original["type"],
                           fields=correction_fields(original, values, game), notice=notice,
                           status=status), status
