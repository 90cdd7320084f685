"""Boodle, Spin and Pope Joan: Michigan's relatives with equal hands and a dead widow.

Source: seed ``004_2edd6d7cae07c8ad.txt`` (Scarne's "Stops" chapter), with the gaps resolved in
``docs/decisions.md`` (BO-GAP-1, BO-GAP-2, SP-GAP-1, SP-GAP-2, PJ-GAP-1 … PJ-GAP-4). The package text gives
the rules as implemented. Each is a variant of :class:`~.michigan.Michigan` that states only what differs.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from itertools import combinations_with_replacement
from typing import ClassVar

from ...core.bounds import ActionForm, DealBounds, forms
from ...core.cards import PACK_52
from ...core.dealing import DealPlan
from ...core.game import Game
from ...core.i18n import _
from ...core.options import Option, Options
from .michigan import FIRST_DEALER, LEAD, PENALISED, SEED, Michigan, card_name, money_words

__all__ = ["Boodle", "PopeJoan", "Spin"]

BOODLE_TABLE = {"foster": {3: 15, 4: 12, 5: 9, 6: 8, 7: 7, 8: 6},
                "sixteen": {3: 16, 4: 12, 5: 9, 6: 8, 7: 7, 8: 6}}
"""Cards each, by the option ``deal_table`` and the number of players (BO-GAP-1)."""



HONOURS = ("ace", "king", "queen", "jack")
"""The ranks a stake names (the flat action forms of a stake: every choice of four)."""

class Boodle(Michigan):
    """Boodle: money cards AH KD QS JC, four chips each placed at will, equal hands and a dead widow.

    See the package text.
    """

    id = "boodle"
    name = "Boodle"
    aliases: ClassVar[tuple[str, ...]] = ()
    source = f"{SEED}, Boodle (heading lost); docs/decisions.md"
    money: ClassVar[tuple[str, ...]] = ("AH", "KD", "QS", "JC")
    widow_exchange = False
    stakes_at_will = True
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("deal_table", str, "foster", ("foster", "sixteen"),
               doc=_("cards each: Foster's table (3 players 15, 4: 12, 5: 9, 6: 8, 7: 7, 8: 6) or 16 each for three"),
               source="BO-GAP-1 (Foster's Complete Hoyle, Pope Joan table)"),
        PENALISED,
        FIRST_DEALER,
    )

    # -- the declaration learning libraries read (core/bounds.py): action forms, in the order that
    # numbers them, and the bounds of a deal
    action_forms: ClassVar[tuple[ActionForm, ...]] = (
        ActionForm("#"), ActionForm("pass"),
        *forms("stake {}", sorted(" ".join(c) for c in combinations_with_replacement(HONOURS, 4))),
    )

    @classmethod
    def pool_chips(cls, players: int, options: Options) -> int:
        """Each seat stakes four chips on the money cards."""
        return 4 * players
    # -- end of the declaration

    @classmethod
    def plan(cls, options: Options, players: int) -> DealPlan:
        """Equal hands one card at a time (BO-GAP-1); the rest is the dead widow (BO-GAP-2)."""
        return DealPlan(rounds=(1,) * BOODLE_TABLE[options.deal_table][players])

    @classmethod
    def hand_limit(cls, game: Game) -> int:
        return BOODLE_TABLE[game.options.deal_table][game.players]


AD = PACK_52.parse("AD")
KD = PACK_52.parse("KD")


class Spin(Boodle):
    """Spin (Spinade): Boodle, and the holder of the ace of diamonds may stop any sequence with it.

    See the package text.
    """

    id = "spin"
    name = "Spin"
    aliases = ("spinade",)
    source = f"{SEED}, 'Spinade or Spin'; docs/decisions.md"
    option_specs = (
        *Boodle.option_specs,
        Option("spin_bonus", int, 0, (0, 3), doc=_("chips each other player pays the spinner"),
               source="SP-GAP-1 (seed: none; Hervey's Spinado, Cassell's, Peel: 3)"),
    )

    # -- the declaration learning libraries read (core/bounds.py): action forms, in the order that
    # numbers them, and the bounds of a deal
    action_forms: ClassVar[tuple[ActionForm, ...]] = (
        ActionForm("#"), ActionForm("pass"),
        *forms("stake {}", sorted(" ".join(c) for c in combinations_with_replacement(HONOURS, 4))),
        ActionForm("spin #"),
    )
    # -- end of the declaration

    def extra_options(self, seat: int) -> Iterable[str]:
        return (f"spin {code}" for code in self.card_codes(self.hands[seat] & ~(1 << AD | 1 << KD)))

    def extra_plays(self, seat: int, cards: int) -> list[str]:
        if not self.hands[seat] >> AD & 1:
            return []
        return [f"spin {code}" for code in self.card_codes(cards & ~(1 << AD | 1 << KD))]

    def check_spin(self, seat: int, action: str) -> str | None:
        # "he must, however, play an eligible card before playing the ace of diamonds" (SP-GAP-2)
        if not self.hands[seat] >> AD & 1:
            return _("only the holder of the ace of diamonds may spin")
        if action in self.extra_plays(seat, self.play_cards(seat)):
            return None
        return (_("'spin X' plays an eligible card X, then the ace of diamonds ('he must, however, play an "
                  "eligible card before playing the ace of diamonds'); after the king of diamonds the ace is "
                  "simply next"))

    def apply_spin(self, seat: int, code: str) -> None:
        c = self.find_card(code, self.hands[seat])
        self._place(seat, c)
        bonus = self.game.options.spin_bonus
        names = self.names
        for o in range(self.players):
            if o != seat and bonus:
                self._pay(o, seat, bonus, _("{player} pays {player2} {bonus} for the spin", player=names[o],
                                            player2=names[seat], bonus=bonus))
        self.hands[seat] &= ~(1 << AD)
        self.table |= 1 << AD
        self.last_card = AD
        if not self.hands[seat]:
            if self.turn is not None:
                self._out(seat)
            return
        self.stopped = self.pack.suit[c]  # "He then plays his lowest card in some other suit"
        self.phase, self.turn, self.stopper = LEAD, seat, seat


class PopeJoan(Boodle):
    """Pope Joan (Scarne's form): Boodle with money cards 9D TD JC QS KH staked by the dealer alone.

    See the package text.
    """

    id = "pope-joan"
    name = "Pope Joan"
    aliases = ()
    source = f"{SEED}, 'Pope Joan'; docs/decisions.md (PJ-GAP-1..4)"
    money = ("TD", "JC", "QS", "KH", "9D")
    stakes_at_will = False
    option_specs = (
        *Boodle.option_specs,
        *(Option(f"stake_{card_name(PACK_52.parse(c)).replace(' ', '_')}", int, k, range(0, 101),
                 doc=_("the chips the dealer puts on the {card} each deal", card=card_name(PACK_52.parse(c))),
                 source=f"{SEED} Pope Joan: 'Only the dealer puts the chips on the money cards, usually one on the "
                        "ten of diamonds, two on the jack of clubs, three on the queen of spades, four on the king "
                        "of hearts, and five on the nine of diamonds'")
          for c, k in zip(("TD", "JC", "QS", "KH", "9D"), (1, 2, 3, 4, 5))),
    )

    # -- the declaration learning libraries read (core/bounds.py): action forms, in the order that
    # numbers them, and the bounds of a deal
    action_forms: ClassVar[tuple[ActionForm, ...]] = (
        ActionForm("#"), ActionForm("pass"),
    )

    @classmethod
    def pool_chips(cls, players: int, options: Options) -> int:
        """The dealer's stakes on the five money cards."""
        return sum(getattr(options, "stake_" + card_name(PACK_52.parse(c)).replace(" ", "_")) for c in cls.money)

    @classmethod
    def deal_bounds(cls, players: int, options: Options) -> DealBounds:
        """Boodle's, and a seat caught holding money cards at the end doubles their chips: all of them at most
        once more."""
        b = super().deal_bounds(players, options)
        t = cls.pool_chips(players, options)
        return replace(b, least=b.least - t, most=b.most + t)
    # -- end of the declaration

    def dealer_stakes(self) -> tuple[int, ...]:
        """The dealer's chips on each money card, in the order of ``money`` (options; the seed's usual 1 to 5)."""
        return tuple(getattr(self.game.options, "stake_" + name.replace(" ", "_")) for name in self.setup.money_names)

    def _antes(self) -> None:
        for name, k in zip(self.setup.money_names, self.dealer_stakes()):
            if k:
                self._to_pool(self.dealer, name, k, _("the dealer, {player}, puts {k} on the {card}",
                                                      player=self.names[self.dealer], k=k, card=money_words(name)))

    def end_of_play(self, winner: int) -> None:
        # "caught at the end of the play with the duplicate of a money card ... must double the chips on that card"
        for s in range(self.players):
            for c, name in self.setup.money_of.items():
                if self.hands[s] >> c & 1 and self.pools.get(name, 0):
                    k = self.pools[name]
                    self._to_pool(s, name, k, _("{player} is caught holding the {card} and doubles its {k} chips",
                                                player=self.names[s], card=money_words(name), k=k))
