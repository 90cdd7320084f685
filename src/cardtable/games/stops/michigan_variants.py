"""Michigan's variants: Cross-Color, Sequence and Jackpot Michigan (each states only what differs from
:class:`~.michigan.Michigan`).

Source: seed ``004_2edd6d7cae07c8ad.txt`` (Scarne's "Stops" chapter), with the gaps resolved in
``docs/decisions.md``. The package text gives the rules as implemented.
"""

from __future__ import annotations

from typing import Any

from ...core.cards import PACK_52, SUIT_NAMES
from ...core.i18n import _
from ...core.options import Option, Options
from ...core.views import Key, Kind
from .michigan import SEED, Michigan

__all__ = ["CrossColorMichigan", "JackpotMichigan", "SequenceMichigan"]

RED = (False, True, True, False)
SEQUENCE = "sequence"
JACKPOT = "jackpot"


class CrossColorMichigan(Michigan):
    """Cross-Color Michigan: after a stop the new suit must be of the other colour.

    Seed 004: "When a stop has occurred, a player may only start a new suit in a different color from the last
    one played." See the package text.
    """

    id = "cross-color-michigan"
    name = "Cross-Color Michigan"
    aliases = ("cross-colour-michigan",)
    source = f"{SEED}, 'Cross-Color Michigan'; docs/decisions.md"

    def lead_suits(self) -> list[int]:
        if self.stopped < 0:
            return [0, 1, 2, 3]
        return [s for s in range(4) if RED[s] != RED[self.stopped]]

    def why_suit(self) -> str:
        return (_("after a stop in {suit} the new suit must be of the other colour ('a player may only start a new "
                  "suit in a different color from the last one played')", suit=SUIT_NAMES[self.stopped]))


NINE_H, TEN_H, JACK_H = (PACK_52.parse(c) for c in ("9H", "TH", "JH"))


class SequenceMichigan(Michigan):
    """Sequence Michigan: an extra money sequence, nine-ten-jack of hearts, won by playing two of it in order.

    See the package text.
    """

    id = "sequence-michigan"
    name = "Sequence Michigan"
    aliases = ()
    source = f"{SEED}, 'Sequence Michigan'; docs/decisions.md"
    option_specs = (
        *Michigan.option_specs,
        Option("sequence_ante", int, 1, range(1, 11), doc=_("chips each player adds to the sequence every deal"),
               source=f"{SEED}: 'New chips are added in each deal'; amount: ENGINE DEFAULT (docs/decisions.md)"),
    )

    # -- the declaration learning libraries read (core/bounds.py)
    @classmethod
    def pool_chips(cls, players: int, options: Options) -> int:
        """Michigan's, and each seat's ante on the sequence."""
        return super().pool_chips(players, options) + players * int(options.sequence_ante)
    # -- end of the declaration

    def _antes(self) -> None:
        super()._antes()
        k = self.game.options.sequence_ante
        for s in self.seats_from_left():
            self._to_pool(s, SEQUENCE, k, _("{player} puts {k} on the sequence", player=self.names[s], k=k))

    def on_play(self, seat: int, card: int) -> None:
        # "A player who holds and plays two cards of this sequence in consecutive order ... collects all the chips"
        if card in (TEN_H, JACK_H) and self.last_card == card - 1 and self.last_seat == seat \
                and SEQUENCE not in self.won:
            self._take(seat, SEQUENCE, lambda k: _("{player} plays two cards of the sequence in order and takes {k}",
                                                   player=self.names[seat], k=k))

    def sequence_prize(self) -> int | None:
        return None if SEQUENCE in self.won else self.pools.get(SEQUENCE, 0)


class JackpotMichigan(Michigan):
    """Jackpot Michigan: a jackpot ante on each hand of a round of deals, paid to the round's last hand's winner.

    See the package text.
    """

    id = "jackpot-michigan"
    name = "Jackpot Michigan"
    aliases = ()
    source = f"{SEED}, 'Jackpot Michigan'; docs/decisions.md"
    option_specs = (
        *Michigan.option_specs,
        Option("jackpot_ante", int, 1, range(1, 11), doc=_("chips each player antes to the jackpot each hand"),
               source=f"{SEED}: 'each player ante one chip to a special pool on each hand'"),
        Option("jackpot_pay_on", str, "hand_n_plus_1", ("hand_n_plus_1", "hand_n"),
               doc=_("which hand's winner takes the jackpot: the one dealt when the deal returns to the round's "
                     "first dealer (N+1), or the round's last ante hand (N)"),
               source="docs/decisions.md (ENGINE DEFAULT on the boundary)"),
    )
    view_keys = (
        *Michigan.view_keys,
        Key("jackpot_hands", Kind.INT, "hands of the current round of jackpot antes"),
        Key("jackpot_paid_this_hand", Kind.BOOL, "whether this hand's winner takes the jackpot"),
    )

    jackpot_due: int | None
    """The jackpot this hand's winner takes (``None``: not this hand)."""
    jackpot_hands: int

    # -- the declaration learning libraries read (core/bounds.py)
    @classmethod
    def pool_chips(cls, players: int, options: Options) -> int:
        """Michigan's, and each seat's ante to the jackpot."""
        return super().pool_chips(players, options) + players * int(options.jackpot_ante)
    # -- end of the declaration

    def _antes(self) -> None:
        super()._antes()
        n, o = self.players, self.game.options
        done = int(self.carry_in.get("jackpot_hands", 0))
        self.jackpot_due = None
        if o.jackpot_pay_on == "hand_n_plus_1" and done >= n:
            self.jackpot_due, done = self.pools.get(JACKPOT, 0), 0
        for s in self.seats_from_left():
            self._to_pool(s, JACKPOT, o.jackpot_ante, _("{player} antes {ante} to the jackpot", player=self.names[s],
                                                               ante=o.jackpot_ante))
        done += 1
        if o.jackpot_pay_on == "hand_n" and done >= n:
            self.jackpot_due, done = self.pools[JACKPOT], 0
        self.jackpot_hands = done

    def end_of_play(self, winner: int) -> None:
        if self.jackpot_due:
            self._take(winner, JACKPOT, lambda k: _("the round is over: {player} wins the hand and takes the "
                                                    "jackpot of {k}", player=self.names[winner], k=k),
                       self.jackpot_due)

    def _carry(self) -> dict[str, Any] | None:
        return {**(super()._carry() or {}), "jackpot_hands": self.jackpot_hands}

    def _view(self, seat: int | None) -> dict[str, Any]:
        v = super()._view(seat)
        v["jackpot_hands"] = self.jackpot_hands
        v["jackpot_paid_this_hand"] = bool(self.jackpot_due)
        return v
