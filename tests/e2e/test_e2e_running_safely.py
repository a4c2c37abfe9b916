"""The Content-Security-Policy every answer carries (default-src 'self', no inline script but the
templates' own event handlers) refuses nothing the pages themselves use, in a real browser."""
from screens import EXAMPLE, import_log
from tableplayer import settled

LINES = EXAMPLE.read_text(encoding="utf-8").splitlines()


def test_no_page_meets_a_content_security_policy_refusal(server, new_page):
    page = new_page("en", "tablet")
    refused = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    url = import_log(page, server, "\n".join(LINES[:40]) + "\n")
    for path in ("/", "/games/new", url, url + "log"):
        page.goto(path if path.startswith("http") else server + path)
        settled(page)
    fresh = import_log(page, server, LINES[0] + "\n")
    page.goto(fresh)
    button = page.locator("#input form.nominate button[name=plant][value='5']")
    button.evaluate("b => b.type = 'button'")      # its handler runs; the form is not sent
    button.click()
    assert page.locator("#input form.nominate input[name=bid]").get_attribute("min") == "5", \
        "the plant button's own handler ran"
    assert refused == []
