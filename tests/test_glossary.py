"""The catalogues speak the seeds' terms, as referee/translations/glossary.toml lists them.

Seed 000 is the Japanese authority (序列, 競り, 送電網, 接続コスト, 建設コスト); the other Japanese seeds
say プレイ順, オークション, ネットワーク, and the app keeps to one family. Seed 002 is the Traditional
Chinese one (階段 = Step, 步驟 = phase, 燃料市場, 輸電網路, 連網費, 建屋費, 資金). A translation that uses a
refused word fails here, named by its msgid and the word; so does a citation that is not in its seed.
"""
import os
import re
import tomllib
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from referee.i18n import locale_id

ROOT = Path(__file__).resolve().parents[1]
CATALOGUES = ROOT / "referee" / "translations"   # the sources (.po, glossary), which an install leaves out
GLOSSARY = tomllib.loads((CATALOGUES / "glossary.toml").read_text(encoding="utf-8"))
LANGS = ("ja", "zh-Hant")
QUOTATION = re.compile(r"「([^「」]*)」")
# 階段 stands for Step where the English leaves the Step unsaid: "none is due" (in this Step, for this count)
STEP_IMPLIED = {"Refill %(resource)s: none is due."}


def forms(value) -> list:
    return list(value) if isinstance(value, (tuple, list)) else [value]


def catalogue(lang) -> dict:
    """msgid (the singular of a plural) -> its translated forms, read from the .po through Babel."""
    path = CATALOGUES / locale_id(lang) / "LC_MESSAGES" / "messages.po"
    with open(path, "rb") as f:
        messages = read_po(f, locale=locale_id(lang))
    return {forms(m.id)[0]: [s for s in forms(m.string) if s] for m in messages if m.id}


def refusals(lang) -> list:
    """(the word, its pattern, what to say instead) for each word refused in a language."""
    out = []
    for key, term in GLOSSARY["terms"].items():
        for r in term.get("refuse", []):
            if r["lang"] == lang:
                out.append((r["word"], re.compile(r.get("pattern") or re.escape(r["word"])),
                            f"say {term[lang]} ({key}): {r['why']}"))
    for r in GLOSSARY.get("refuse", []):
        if r["lang"] == lang:
            out.append((r["word"], re.compile(r.get("pattern") or re.escape(r["word"])),
                        f"say {r['instead']}: {r['why']}"))
    return out


def unquoted(text: str) -> str:
    """The text without the listed seed 001 quotations: only inside 「…」, and only those passages."""
    allowed = {q["quote"] for q in GLOSSARY.get("quotation", [])}
    return QUOTATION.sub(lambda m: "「」" if m.group(1) in allowed else m.group(0), text)


def offences(lang, messages: dict) -> list:
    found = []
    for msgid, strings in messages.items():
        for text in strings:
            for word, pattern, instead in refusals(lang):
                if pattern.search(unquoted(text)):
                    found.append(f"{msgid!r}: {word!r} in {text!r} ({instead})")
    return found


def seeds_folder():
    """The seed texts: $REFEREE_SEEDS, or a shared/seeds folder beside the checkout."""
    for folder in (os.environ.get("REFEREE_SEEDS"), ROOT.parent / "shared" / "seeds"):
        if folder and Path(folder).is_dir():
            return Path(folder)
    pytest.skip("the seed texts are not here: set REFEREE_SEEDS to their folder to check the citations")


def test_every_term_has_one_word_per_language_and_a_source():
    for key, term in GLOSSARY["terms"].items():
        assert all(term.get(lang) for lang in ("en", *LANGS)), key
        assert term.get("cite") or term.get("unseeded"), f"{key} cites no seed line and says not why"
        for cite in term.get("cite", []):
            assert cite["lang"] in LANGS and cite["seed"] in GLOSSARY["seeds"], (key, cite)
            assert term[cite["lang"]] in cite["quote"], f"{key}: the quote does not hold {term[cite['lang']]}"


def test_no_refusal_refuses_the_glossary_own_word():
    for lang in LANGS:
        words = {key: term[lang] for key, term in GLOSSARY["terms"].items()}
        for word, pattern, _ in refusals(lang):
            assert not [key for key, own in words.items() if pattern.search(own)], (lang, word)


@pytest.mark.parametrize("lang", LANGS)
def test_no_translation_uses_a_refused_word(lang):
    found = offences(lang, catalogue(lang))
    assert not found, f"{len(found)} {lang} translations use a refused word:\n" + "\n".join(found)


def test_the_refusal_finds_a_non_term_and_passes_the_glossary_word():
    assert offences("ja", {"Turn order": ["手番順：A、B"]}) and not offences("ja", {"Turn order": ["序列：A、B"]})
    assert offences("zh-Hant", {"x": ["開始一個電網"]}) and not offences("zh-Hant", {"x": ["開始一個輸電網路"]})
    assert offences("zh-Hant", {"x": ["遊戲報告：德國・3人"]}) and not offences("zh-Hant", {"x": ["德國·3人"]})
    assert offences("ja", {"x": ["接続%(connection)s＋家%(house)s"]})


def test_a_seed_001_quotation_keeps_its_word_only_inside_its_quotation_marks():
    quoted = "Seed 001：「オークションに出た場合は必ずパスをする」。"
    assert not offences("ja", {"x": [quoted]})
    assert offences("ja", {"x": [quoted.replace("「", "").replace("」", "")]})
    assert offences("ja", {"x": ["「オークション」で必ずパス"]})          # not a listed passage of seed 001
    assert offences("ja", {"x": [quoted + "オークションでは"]})          # the word outside the marks


def test_every_citation_occurs_in_its_seed():
    folder = seeds_folder()
    texts = {seed: (folder / name).read_text(encoding="utf-8") for seed, name in GLOSSARY["seeds"].items()}
    cited = [(key, c) for key, term in GLOSSARY["terms"].items() for c in term.get("cite", [])]
    cited += [("quotation", q) for q in GLOSSARY.get("quotation", [])]
    missing = [(key, c["seed"], c["quote"]) for key, c in cited if c["quote"] not in texts[c["seed"]]]
    assert not missing, missing


def test_a_quotation_is_of_seed_001_and_holds_a_refused_word():
    for q in GLOSSARY.get("quotation", []):
        assert q["seed"] == "001"
        assert any(pattern.search(q["quote"]) for _, pattern, _ in refusals("ja")), q["quote"]


def test_zh_Hant_階段_is_Step_and_never_a_phase():
    """Seed 002: 「6.遊戲過程:分成三個階段」 (Steps); 「每回合分成六個步驟」 (phases)."""
    for msgid, strings in catalogue("zh-Hant").items():
        says_step = re.search(r"step", msgid, re.I) or msgid in STEP_IMPLIED
        for text in strings:
            assert says_step or "階段" not in text, f"{msgid!r}: 階段 (Step) in {text!r}; a phase is 步驟"


def test_build_lines_name_the_connection_cost_and_the_house_cost():
    """Seed 000: 接続コスト, 建設コスト; seed 002: 連網費, 建屋費 — every line that prices a build says them."""
    words = {"ja": ("接続コスト", "建設コスト"), "zh-Hant": ("連網費", "建屋費")}
    for lang, (connection, house) in words.items():
        priced = 0
        for msgid, strings in catalogue(lang).items():
            for text in strings:
                if "%(connection)s" in msgid:
                    priced += 1
                    assert connection in text, (lang, msgid, text)
                if re.search(r"%\(houses?\)s", msgid):
                    priced += 1
                    assert house in text, (lang, msgid, text)
        assert priced >= 8, (lang, priced)


def test_a_refill_line_has_one_phrasing():
    """Seed 000: 「石炭 1 個がスペース 4 に、3 個がスペース 3 に置かれます」; seed 002: 「14和16方格」.
    The ruling and the table's refill list say it alike: スペース4に3個, never 4のマスに3個."""
    expected = {"ja": "スペース4に3個", "zh-Hant": "4方格放3個"}
    for lang, words in expected.items():
        messages = catalogue(lang)
        assert messages["%(num)s on space %(price)s"][0] % {"num": 3, "price": 4} == words
        assert messages["%(num)s on space %(space)s"][0] % {"num": 3, "space": 4} == words


@pytest.mark.parametrize("lang, text", [
    ("zh-Hant", "煤從1元起、油從3元起、垃圾從5元起和鈾不放"), ("zh-Hant", "Ann喊價12元"), ("zh-Hant", "掃描自己座位的條碼"),
    ("zh-Hant", "移除編號最小的電廠"), ("zh-Hant", "備用區只剩2個鈾"), ("zh-Hant", "第1階段"),
    ("zh-Hant", "本回合沒有人購買發電廠時，不移除發電廠。"), ("zh-Hant", "%(cities)s = %(total)s元"),
    ("ja", "ストックに3個"), ("ja", "第5フェイズに補充"), ("ja", "この発電所の競りのフェイズが終わると"), ("ja", "すでに家を置いています"), ("ja", "%(cities)s = %(total)s"),
])
def test_the_words_issue_24_found_are_refused(lang, text):
    """電廠 / 喊價 / 條碼 / three words for the supply, 第1階段 beside 第二階段, 本回合 for any round, an ASCII
    「=」, ストック for ボードの横, 第5フェイズ beside フェイズ5, 家 for 家駒: each is a glossary refusal."""
    assert offences(lang, {"x": [text]})


@pytest.mark.parametrize("lang, text", [
    ("zh-Hant", "競標電廠"), ("zh-Hant", "移除編號最小的發電廠"), ("zh-Hant", "第二階段"), ("ja", "フェイズ5"),
    ("ja", "家駒"), ("ja", "（例：coal=1,oil=1）"), ("zh-Hant", "某回合無人購買發電廠時"), ("zh-Hant", "垃圾從5元起；不放鈾"),
])
def test_the_glossary_words_pass(lang, text):
    assert not offences(lang, {"x": [text]})


@pytest.mark.parametrize("lang", LANGS)
def test_sentences_put_together_at_run_time_use_no_refused_word(lang):
    """The map rules and variations are composed of several messages (「垃圾從5元起和鈾不放」 came from a list
    joining a price and an absence): every sentence the player aid prints, for every map and count, is
    checked as the catalogues are."""
    from referee.catalog import available_maps, load_edition, load_map
    from referee.catalog.variations import Variation
    from referee.rulings import describe_rules
    from referee.rulings.variations import describe_variation
    sentences = {}
    for map_id in available_maps():
        game_map = load_map(map_id)
        for players in [None, *sorted(load_edition("original", map=game_map).player_counts)]:
            for line in describe_rules(game_map, lang, players):
                sentences[line] = [line]
    for number in (1, 2, 3, 4):
        for line in describe_variation(Variation(number, first_of_number=number == 2), lang, removed=8):
            sentences[line] = [line]
    found = offences(lang, sentences)
    assert not found, "\n".join(found)
