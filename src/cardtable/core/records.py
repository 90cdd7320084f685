"""The text of actions and the record of a deal: what a replay reads.

An action is text (``"QH"``, ``"bid 3"``, ``"exchange 2C 5H"``); :func:`normalize_action` gives the one
canonical spelling that ``legal()`` lists and histories keep. A deal's record (:func:`record_of`, which
:meth:`Deal.record <cardtable.core.deal.Deal.record>` returns) holds everything needed to play it again:
the game, its options, the pack order, the dealer, the carry, the seats' names and the actions.
:meth:`Game.replay <cardtable.core.game.Game.replay>` and ``cardtable.replay`` read it; a deal pickles as
its record (:func:`rebuild`).

>>> import cardtable as ct
>>> d = ct.load("nap", players=3).deal(seed=3)
>>> d.act("pass")
>>> rec = record_of(d)
>>> rec["game"], rec["dealer"], rec["actions"], len(rec["deck"].split())
('nap', 0, [[1, 'pass']], 52)
>>> ct.replay(rec).history == d.history
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import CardError, IllegalAction
from .cards import parse_code
from .i18n import _

if TYPE_CHECKING:
    from .deal import Deal
    from .game import Game

__all__ = ["normalize_action", "rebuild", "record_of"]


def normalize_action(action: str) -> str:
    """Canonical text of an action: card codes canonical, words lower case.

    >>> normalize_action("  Exchange 10h  qs ")
    'exchange TH QS'
    >>> normalize_action("Bid 3")
    'bid 3'
    >>> normalize_action("meld 7h 7d jk=7c")  # a wild card and what it stands for
    'meld 7H 7D JK=7C'
    """
    if not isinstance(action, str):
        raise IllegalAction(_("an action is text such as 'QH' or 'pass', not {action!r}", action=action))
    out = []
    for tok in action.split():
        if "=" in tok:
            try:
                out.append("=".join(parse_code(part) for part in tok.split("=")))
                continue
            except CardError:
                pass
        if 2 <= len(tok) <= 3 or tok in ("JK", "jk") or (len(tok) == 2 and tok[-1] in "♠♥♦♣"):
            try:
                out.append(parse_code(tok))
                continue
            except CardError:
                pass
        out.append(tok.lower())
    return " ".join(out)


def record_of(deal: Deal) -> dict[str, Any]:
    """Everything needed to replay ``deal``: game, players, options, pack order, dealer, carry and actions
    (and the seats' names where they are not the plain ones)."""
    game = deal.game
    rec = {"game": game.id, "players": deal.players, "options": game.options.as_dict(),
           "deck": " ".join(deal.pack.code(c) for c in deal.deck), "dealer": deal.dealer,
           "carry": deal.carry_in or None, "actions": [[s, a] for s, a in deal.history]}
    if deal.names != game.plain_names:
        rec["names"] = list(deal.names)
    return rec


def rebuild(game: Game, deck: list[str], dealer: int, carry: dict[str, Any] | None, names: list[str] | None,
            actions: list[tuple[int, str]]) -> Deal:
    """Unpickle a deal by replaying its record."""
    return game.replay(deck=deck, dealer=dealer, carry=carry, names=names, actions=actions)
