"""A match: successive deals with the dealer rotating, pools carried and totals kept.

>>> import cardtable as ct
>>> m = ct.Match(ct.load("nap", players=3), seed=5, deals=2)
>>> bot = ct.bots.load("random", seed=1)
>>> while not m.over:
...     d = m.next_deal()
...     while not d.over:
...         d.act(bot.choose(d, d.turn))
...     _ = m.record(d)
>>> len(m.results), sum(m.totals), m.chips == m.totals
(2, 0, True)
>>> again = ct.replay_match(m.to_record())   # replaying the record rebuilds the match
>>> again.totals == m.totals and again.dealer == m.dealer
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import IllegalAction, RulesError
from .cutting import FirstDealer, cutting_cards, find_first_dealer
from .fair import new_key
from .i18n import _

if TYPE_CHECKING:
    from .chips import Amount, Settlement
    from .deal import Deal
    from .game import Game

__all__ = ["Match"]

SEED = "seed"
"""The key of a match record that holds the match's shuffle seed."""


class Match:
    """Plays successive deals of ``game``.

    ``deals`` caps the number of deals; the game's own target (``game.match_over``) also
    ends the match. Deal ``i`` is shuffled from ``seed * 1_000_003 + i`` so that a match is
    reproducible from its seed. With ``fair=True`` every deal is shuffled from a fresh secret key instead
    (:mod:`.fair`): no deal can be worked out from another, or from a seed; its record keeps the order.

    ``dealer`` is the first dealer; without it, seat 0 deals first, unless the game is configured with
    ``first_dealer="cards"``: then the game's own procedure finds him with a pack shuffled from the seed
    (``first_draw`` says who drew what; the record keeps it); ``cutting`` arranges that pack (top first).
    """

    def __init__(self, game: Game, seed: int | None = None, deals: int | None = None,
                 dealer: int | None = None, cutting: str | list[str] | None = None, *, fair: bool = False) -> None:
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise RulesError(f"a match is shuffled from a whole number such as 7 (or None for fresh shuffles), not "
                             f"{seed!r}")
        self.game = game
        self.seed = seed
        self.fair = fair
        self.key: bytes | None = None
        """The secret key the latest deal was shuffled from (``fair`` matches): never shown to a seat."""
        self.max_deals = deals
        self.first_draw: FirstDealer | None = None
        """How the first dealer was found with the cards (option ``first_dealer="cards"``), else ``None``."""
        if dealer is None:
            dealer = 0
            rule = game.variant.first_dealer_rule
            if rule and game.options.first_dealer == "cards":
                cards = cutting_cards(game.pack, seed) if cutting is None else iter(game.pack.parse_order(cutting))
                self.first_draw = find_first_dealer(rule, game.pack, game.players, cards)
                dealer = self.first_draw.dealer
        self.first_dealer = dealer
        self.dealer = dealer
        self.carry: dict[str, Any] | None = None
        self.totals: list[Amount] = [0] * game.players
        self.chips: list[Amount] = [0] * game.players
        """Chips won or lost by each seat so far: the totals of a chips game, or the chips a game scored in
        points plays for (its settlements' ``chips``)."""
        self.results: list[Settlement] = []
        self.records: list[dict[str, Any]] = []
        """The record of every finished deal (:meth:`Deal.record`), in order."""
        self.current: Deal | None = None

    @property
    def over(self) -> bool:
        """True when the deal cap or the game's target is reached."""
        if self.max_deals is not None and len(self.results) >= self.max_deals:
            return True
        return bool(self.results) and self.game.match_over(self.totals, len(self.results))

    def next_deal(self, deck: str | None = None) -> Deal:
        """The next deal, dealt by the right dealer with the carried pools."""
        if self.over:
            raise IllegalAction(_("the match is over"))
        if self.fair and deck is None:
            self.key = new_key()
            self.current = self.game.deal(key=self.key, dealer=self.dealer, carry=self.carry)
            return self.current
        seed = None if self.seed is None else self.seed * 1_000_003 + len(self.results)
        self.current = self.game.deal(seed=seed, deck=deck, dealer=self.dealer, carry=self.carry)
        return self.current

    def record(self, deal: Deal) -> Settlement:
        """Add a finished deal's settlement to the totals and move the deal on."""
        res = deal.result()
        for i, d in enumerate(res.deltas):
            self.totals[i] += d
        for i, c in enumerate(res.chip_deltas() or ()):
            self.chips[i] += c
        self.results.append(res)
        self.records.append(deal.record())
        self.carry = deal.carry
        self.dealer = self.game.next_dealer(deal)
        self.current = None
        return res

    def left_in_pools(self) -> dict[str, int]:
        """The chips left in the pools (the money cards, the pot...) once the match is over: nothing before.

        >>> import cardtable as ct
        >>> m = ct.Match(ct.load("pope-joan", players=3), seed=1, deals=1)
        >>> d = m.next_deal()
        >>> while not d.over: d.act(d.legal()[0])
        >>> _ = m.record(d)
        >>> m.left_in_pools() == {k: v for k, v in d.result().pools.items() if v}
        True
        """
        if not self.over or not self.carry:
            return {}
        pools = self.carry.get("pools") or {}
        return {k: v for k, v in pools.items() if isinstance(v, int) and v}

    def shares(self) -> list[Amount]:
        """Each seat's share of the chips left in the pools at the match's end: the rules of the pool games are
        silent on them, so they are shared out equally (docs/decisions.md, "Chips left in the pools at a match's
        end"); all 0 before the end or with nothing left."""
        from fractions import Fraction

        left = sum(self.left_in_pools().values())
        n = self.game.players
        share = Fraction(left, n)
        return [int(share) if share.denominator == 1 else share for _ in range(n)]

    def final_totals(self) -> list[Amount]:
        """The totals with the chips left in the pools shared out (:meth:`shares`): the match's result once it
        is over, and the same as :attr:`totals` before."""
        return [t + s for t, s in zip(self.totals, self.shares(), strict=True)]

    def copy(self) -> Match:
        """An independent copy (a table may try a deal's end on the copy and keep it only if all went well)."""
        new = Match(self.game, self.seed, self.max_deals, self.first_dealer, fair=self.fair)
        new.first_draw = self.first_draw
        new.dealer, new.carry, new.current, new.key = self.dealer, self.carry, self.current, self.key
        new.totals, new.chips = list(self.totals), list(self.chips)
        new.results, new.records = list(self.results), list(self.records)
        return new

    def to_record(self) -> dict[str, Any]:
        """The match as data: the game, seed, cap, first dealer (and how he was found, if with the cards) and
        the record of every finished deal."""
        rec = {"game": self.game.id, "players": self.game.players, "options": self.game.options.as_dict(),
               "names": list(self.game.names), SEED: self.seed, "deals": self.max_deals,
               "dealer": self.first_dealer, "records": list(self.records)}
        if self.first_draw is not None:
            rec["first_draw"] = self.first_draw.to_record()
        return rec

    @classmethod
    def from_record(cls, game: Game, record: dict[str, Any]) -> Match:
        """A match of ``game`` rebuilt from :meth:`to_record` by replaying every deal (each action checked);
        ``cardtable.replay_match(record)`` loads the game first."""
        try:
            m = cls(game, record.get(SEED), record.get("deals"), record.get("dealer", 0))
            deals = [(r["deck"], r["dealer"], r.get("carry"), r["actions"]) for r in record["records"]]
        except (KeyError, TypeError) as e:
            raise RulesError(f"not a match record: missing or malformed {e}") from None
        if record.get("first_draw") is not None:
            m.first_draw = FirstDealer.from_record(record["first_draw"], game.players)
        for deck, dealer, carry, actions in deals:
            deal = game.replay(deck=deck, dealer=dealer, carry=carry, actions=actions)
            if not deal.over:
                raise RulesError(f"not a match record: a recorded deal (dealt by seat {dealer}) is unfinished")
            m.record(deal)
        return m
