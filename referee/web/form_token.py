"""A device's form token (CSRF), signed once per device instead of once per answer.

Flask-WTF signs the session's raw token anew for every request that draws a form (a key
derivation, a JSON dump and an HMAC: about a twentieth of a table answer). The app keeps no time
limit on tokens (WTF_CSRF_TIME_LIMIT None: a game evening outlasts any), so a token signed once
stays as valid as a fresh one: it is kept here per app secret and raw token, and handed to Flask-WTF
as this request's, where its own check finds it.
"""
from flask import current_app, g, session
from flask_wtf.csrf import generate_csrf

FIELD = "csrf_token"        # Flask-WTF's default field name, and where it keeps the request's token (g, session)
KEPT = 4096                 # devices whose signed token is kept

_signed: dict[tuple, str] = {}


def form_token() -> str:
    """generate_csrf(), without signing again a token this device was given already."""
    reusable = current_app.config.get("WTF_CSRF_TIME_LIMIT") is None and \
        current_app.config.get("WTF_CSRF_FIELD_NAME", FIELD) == FIELD
    if not reusable or FIELD in g:
        return generate_csrf()
    raw = session.get(FIELD)
    key = (current_app.secret_key, raw)
    signed = _signed.get(key) if raw is not None else None
    if signed is None:
        signed = generate_csrf()
        if len(_signed) >= KEPT:
            _signed.clear()
        _signed[(current_app.secret_key, session[FIELD])] = signed
    setattr(g, FIELD, signed)
    return signed
