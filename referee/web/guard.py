"""What keeps other sites out: the Host a request names, where a redirect may go, and the headers
every answer carries.

A page on another site can make the browser send requests to this server under a name of its own
(DNS rebinding): the browser then lets that page read the answers. So a request is served only
when its Host is a loopback name or address, or an address the server was started on (HOSTS, set
by `referee serve`). A `next` the page asks to go to is followed only when it is a path of this app
written in plain URL characters (no tab or newline a browser would drop, no backslash, no `//`).
"""
import base64
import hashlib
import ipaddress
import re
from urllib.parse import urlsplit

from flask import Response, current_app, request
from werkzeug.exceptions import HTTPException

from .access import has_key

LOOPBACK_NAMES = ("localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback")
# RFC 3986's unreserved and reserved characters and %: what a path and query of this app are written in.
URL_TEXT = re.compile(r"/[A-Za-z0-9\-._~!$&'()*+,;=:@%/?]*")
# media-src data:: the wake-lock fallback (static/nosleep-*.js) plays a tiny video it carries as a data: URI
POLICY = ("default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; media-src 'self' data:; "
          "frame-ancestors 'none'; base-uri 'none'; form-action 'self'")


def host_name(host: str) -> str:
    """The name or address part of a Host header (no port, no IPv6 brackets), lower case."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].partition("]")[0]
    return host.rpartition(":")[0] if host.count(":") == 1 else host


def is_loopback(name: str) -> bool:
    if name.rstrip(".") in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def served(host: str) -> bool:
    """Whether a Host header names this server: loopback, or one of the addresses it listens on."""
    name = host_name(host)
    return is_loopback(name) or name in current_app.config.get("HOSTS", ())


def local_path(target: str | None) -> str | None:
    """`target` if it is a path of this app (a page a GET can open), else None."""
    if not target or not URL_TEXT.fullmatch(target) or target.startswith("//"):
        return None
    path = urlsplit(target).path
    try:
        current_app.url_map.bind("localhost").match(path, method="GET")
    except HTTPException:
        return None
    return target


def crowded() -> Response:
    """The answer to a device over its share of connections or streams (referee.serve): a plain 503
    that closes the connection; the table key holder is always served."""
    from flask_babel import gettext as _
    text = _("This device has too many pages of the referee open at once: close some, then reload this one.")
    return Response(text + "\n", 503, mimetype="text/plain", headers={"Connection": "close", "Retry-After": "5"})


def init_app(app):
    """Register the Host check first (before the CSRF check) and the headers on every answer."""
    scripts = " ".join(f"'{h}'" for h in handler_hashes(app.jinja_env))
    policy = POLICY + (f"; script-src 'self' 'unsafe-hashes' {scripts}" if scripts else "")

    @app.before_request
    def check_host():
        if not served(request.host):     # a plain answer: no page, so no form token for the other site
            from .errors import error_text, error_title
            return Response(f"{error_title(421)}\n{error_text(421)}\n", 421, mimetype="text/plain")
        if request.environ.get("referee.over_limit") and not has_key():
            return crowded()
        return None

    @app.after_request
    def headers(response):
        response.headers["Content-Security-Policy"] = policy
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["X-Frame-Options"] = "DENY"
        response.headers["Referrer-Policy"] = "same-origin"
        return response


HANDLER = re.compile(r"""\son[a-z]+="([^"]*)\"""")


def handler_hashes(env) -> list:
    """'sha256-…' of each inline event handler (onclick="…") written in the templates, which the
    Content-Security-Policy then allows; any other inline script (an injected one) stays refused."""
    found = set()
    for name in env.list_templates(extensions=("html", "svg")):
        source = env.loader.get_source(env, name)[0]
        found.update(h for h in HANDLER.findall(source) if "{{" not in h and "{%" not in h)
    return sorted("sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() for text in found)
