"""Playing a table in a real browser as a person does: every action by clicks on the cards, the board and the
buttons under the table (never the typed-action box), and checks of what the page shows."""

from __future__ import annotations

import re
from typing import Any

CARD = re.compile(r"^(?:[AKQJT98765432][SHDC]|JK)$")
JARGON = [
    (re.compile(r"\bseats? \d", re.I), "a seat number"),
    (re.compile(r"(?<!high )\bbid \d+\b(?! over)", re.I), "a raw bid"),
    (re.compile(r"\(widow\)"), "(widow)"),
    (re.compile(r"'rob|<card>|'decline'|'hold'|'done'"), "a quoted action"),
    (re.compile(r"\b[A-Z]{1,4}\d?-GAP-\d"), "a rule-gap id"),
    (re.compile(r"\(seed|seed:|seeds/"), "a source reference"),
    (re.compile(r"\b1 (tricks|cards|chips|points)\b|\(s\)"), "a bad plural"),
    (re.compile(r"(?<![\w♠♥♦♣=])(?:[AKQJT2-9][SHDC]|JK=\w+)(?![\w])"), "a card code"),
    (re.compile(r"\b[a-z]+_[a-z_]+\b"), "an identifier"),
    (re.compile(r"\bundefined\b|\bnull\b|NaN|\[object"), "a script value"),
]


SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def as_shown(text: str) -> str:
    """Text as the page writes it: card codes as rank and suit symbol."""
    return re.sub(r"(?<![\w=])([AKQJT2-9])([SHDC])(?!\w)",
                  lambda m: ("10" if m[1] == "T" else m[1]) + SYMBOL[m[2]], text)


def jargon(text: str) -> list[str]:
    """Engine words a player should never read, found in ``text``."""
    out = []
    for pattern, what in JARGON:
        for m in pattern.finditer(text):
            out.append(f"{what}: {text[max(0, m.start() - 30):m.end() + 30]!r}")
    return out


def rev(page: Any) -> str:
    return page.evaluate("document.body.dataset.deal + ':' + document.body.dataset.rev")  # type: ignore[no-any-return]


def wait_moved(page: Any, before: str, timeout: float = 15000) -> None:
    page.wait_for_function("b => (document.body.dataset.deal + ':' + document.body.dataset.rev) !== b",
                           arg=before, timeout=timeout)


def my_turn_or_settled(page: Any, timeout: float = 30000) -> bool:
    """Wait until the page shows the player's turn (True) or the settlement (False)."""
    page.wait_for_selector("#settlement, .me-zone.my-turn", timeout=timeout)
    return page.locator("#settlement").count() == 0


def click_card(loc: Any) -> None:
    """Click a card where it shows: its top-left corner (cards in hand overlap)."""
    loc.click(position={"x": 7, "y": 14})


def cards_of(action: str) -> list[str]:
    """The cards an action names (a joker standing for a card is the joker in hand)."""
    out = []
    for tok in action.split()[1:]:
        if tok.startswith("JK="):
            out.append("JK")
        elif CARD.match(tok):
            out.append(tok)
    return out


def select(page: Any, codes: list[str]) -> None:
    """Select these cards in hand (a card held twice: the copies one after the other)."""
    for code in codes:
        loc = page.locator(f'#board .hand button.card[data-card="{code}"]:not(.selected)').first
        click_card(loc)
        page.wait_for_selector(f'#board .hand button.card.selected[data-card="{code}"]', timeout=5000)


def confirm(page: Any, action: str) -> None:
    """Press the button of ``action``, going through the chooser when several actions match the selection."""
    btn = page.locator(f'#board .actions button[data-action="{action}"]')
    if not btn.count():
        page.locator("#board .actions button[data-compose]:not([disabled])").first.click()
    page.locator(f'#board .actions button[data-action="{action}"]').first.click()


def do(page: Any, action: str) -> str:
    """Perform ``action`` (legal now) through the table by clicks; returns how: card, button, picker, select, meld."""
    before = rev(page)
    words = action.split()
    head = words[0]
    card = page.locator(f'#board .hand button.card[data-action="{action}"]')
    btn = page.locator(f'#board .actions button.act[data-action="{action}"]:not([disabled])')
    how = ""
    if card.count():
        click_card(card.first)
        how = "card"
        if page.locator("#board .hand button.card.selected").count():  # other choices use cards too: select, then play
            page.locator(f'#board .actions button[data-action="{action}"]').click()
    elif btn.count():
        btn.first.click()
        how = "button"
    elif head == "bid" and page.locator("#board .bid-picker").count():
        picker = page.locator("#board .bid-picker")
        while True:
            shown = int(picker.locator(".bid-number").inner_text())
            if shown == int(words[1]):
                break
            picker.locator(f'button[aria-label="{"higher" if shown < int(words[1]) else "lower"} bid"]').click()
        picker.locator(f'button[data-action="{action}"]').click()
        how = "picker"
    elif head == "call" and page.locator("#board .call-picker").count():
        page.locator(f'#board .call-card[data-call="{action}"]').click()
        page.locator(f'#board .actions button[data-action="{action}"]').click()
        how = "picker"
    elif head == "stake":
        for w in words[1:]:
            page.locator(f'#board [data-money^="{w} "]').first.click()
        page.locator(f'#board .actions button[data-action="{action}"]').click()
        how = "stake"
    elif head in ("layoff", "move"):
        codes = cards_of(action) if head == "layoff" else [words[4]]
        select(page, codes)
        target = words[3] if head == "layoff" else words[2]
        page.locator(f'#board .felt [data-meld="{target}"]').click()
        if page.locator(f'#board .actions button[data-action="{action}"]').count():
            page.locator(f'#board .actions button[data-action="{action}"]').click()
        how = "meld"
    elif cards_of(action):
        select(page, cards_of(action))
        confirm(page, action)
        how = "select"
    else:
        raise AssertionError(f"the table offers no way to do {action!r}")
    wait_moved(page, before)
    return how


def felt_seats(page: Any) -> list[tuple[int, float, float]]:
    """(seat, x, y) of each seat's plate, relative to the felt's centre, in fractions of its half-size."""
    return page.evaluate("""() => {
      const f = document.querySelector('#board .felt').getBoundingClientRect();
      return [...document.querySelectorAll('#board .felt .plate')].map(p => {
        const r = p.getBoundingClientRect();
        return [Number(p.dataset.seat), (r.left + r.width / 2 - f.left - f.width / 2) / (f.width / 2),
                (r.top + r.height / 2 - f.top - f.height / 2) / (f.height / 2)];
      });
    }""")  # type: ignore[no-any-return]


def page_problems(page: Any) -> list[str]:
    """What is wrong on the page now: sideways scroll, engine words in the text."""
    out = []
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    if width[0] > width[1]:
        out.append(f"scrolls sideways: {width[0]} px in {width[1]}")
    text = page.evaluate("document.body.innerText")
    out += jargon(text)
    return out
