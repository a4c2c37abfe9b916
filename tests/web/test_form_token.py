"""A device's form token is signed once and handed out again (referee.web.form_token), and it is
accepted as a fresh one is; another device, or another app's secret, gets its own."""
from flask import g, session
from flask_wtf.csrf import validate_csrf

from referee.web import create_app
from referee.web.form_token import form_token


def token_of(app, raw=None):
    """The form token of a request whose session holds `raw` (a new device: None)."""
    with app.test_request_context():
        if raw is not None:
            session["csrf_token"] = raw
        token = form_token()
        validate_csrf(token)                # Flask-WTF's own check takes it
        assert g.csrf_token == token
        return token, session["csrf_token"]


def token_of_unchecked(app, raw):
    """The same, without Flask-WTF's check (for a token made by a stand-in)."""
    with app.test_request_context():
        session["csrf_token"] = raw
        return form_token(), session["csrf_token"]


def test_a_devices_token_is_signed_once_and_given_again(app, monkeypatch):
    first, raw = token_of(app)
    signed = []
    import referee.web.form_token as module
    monkeypatch.setattr(module, "generate_csrf", lambda: signed.append(1) or "signed anew")
    again, _raw = token_of_unchecked(app, raw)
    assert again == first and signed == []



def test_another_device_and_another_apps_secret_get_their_own(app, tmp_path):
    mine, raw = token_of(app)
    theirs, their_raw = token_of(app)
    assert theirs != mine and their_raw != raw
    other = create_app({"DATABASE": str(tmp_path / "other.sqlite3"), "TESTING": True})
    elsewhere, _raw = token_of(other, raw)        # the same raw token under another secret
    assert elsewhere != mine


def test_with_a_time_limit_every_request_signs_anew(app, monkeypatch):
    app.config["WTF_CSRF_TIME_LIMIT"] = 3600
    _token, raw = token_of(app)
    import referee.web.form_token as module
    monkeypatch.setattr(module, "generate_csrf", lambda: "signed anew")
    assert token_of_unchecked(app, raw)[0] == "signed anew"
