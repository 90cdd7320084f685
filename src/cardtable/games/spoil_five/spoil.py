"""Spoil Five: each for himself; the pool, three tricks take it, jinking, spoilt deals carried."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from ...core.bounds import ActionForm, DealBounds
from ...core.chips import Ledger, Settlement
from ...core.i18n import _
from ...core.options import Option, Options
from ...core.phases import Phase
from ...core.tricks import CLAIMS
from ...core.views import Key, Kind
from .base import FIRST_DEALER, ROB_COMPULSORY, SEED, FiveCardDeal

__all__ = ["SpoilFive", "SpoilPhase"]

POOL = "pool"


class SpoilPhase(Phase):
    """The stages of a deal of Spoil Five."""

    ROB = "rob"    # the dealer says whether he robs the turned-up ace
    PLAY = "play"  # the tricks
    JINK = "jink"  # the winner of the first three tricks claims the pool or jinks
    DONE = "done"


ROB, PLAY, JINK, DONE = SpoilPhase


class SpoilFive(FiveCardDeal):
    """Spoil Five (Five Cards, Five Fingers): each for himself, three tricks take the pool.

    Actions: a card code; ``rob <card>`` / ``decline`` (robbing the trump); ``claim`` / ``jink``.
    """

    id = "spoil-five"
    name = "Spoil Five"
    aliases = ("five-cards", "five-fingers", "spoil-5")
    min_players, max_players, default_players = 2, 10, 5
    source = f"{SEED}, 'Spoil Five'; docs/decisions.md (SF-GAP-1..7)"
    phases = SpoilPhase
    option_specs = (
        Option("unannounced_ace", str, "lowest_trump", ("lowest_trump", "cannot_win_pool"),
               doc=_("an ace of trumps whose holder plays at his first turn without robbing or declaring: it "
                     "becomes the lowest trump (Scarne), or it keeps its rank and its holder cannot win the pool "
                     "(the 1911 Britannica)"),
               source="seed 003 'his ace becomes the lowest trump in play'; SF-GAP-4, SF-GAP-7"),
        ROB_COMPULSORY,
        Option("spoil_topup", str, "each_player_1", ("each_player_1", "dealer_only"),
               doc=_("after a spoilt deal: each player adds a chip (Scarne), or only the dealer (Hervey)"),
               source="seed 003 'each player puts in another chip'; SF-GAP-5"),
        FIRST_DEALER,
        CLAIMS,
    )
    view_keys = (
        *FiveCardDeal.view_keys,
        Key("jinking", Kind.SEAT, "the seat jinking for all five tricks", always=False),
        Key("pools", Kind.AMOUNTS, "the pool as it stands (after the deal: as the settlement leaves it)"),
    )

    # ---- the state of a deal of Spoil Five (beside the family's)
    winner: int
    """Who took the pool with three tricks (-1: nobody yet)."""
    jinker: int
    pool_start: int
    topup: bool
    """The pool was not won last deal: the chips put in now are a top-up."""
    ante: list[int]

    # -- the declaration learning libraries read (core/bounds.py): action forms, in the order that
    # numbers them, and the bounds of a deal
    action_forms: ClassVar[tuple[ActionForm, ...]] = (
        ActionForm("#"), ActionForm("claim"), ActionForm("decline"), ActionForm("jink"), ActionForm("rob #"),
        ActionForm("rob"),
    )

    @classmethod
    def deal_bounds(cls, players: int, options: Options) -> DealBounds:
        """A deal begun from an empty pool: each seat puts in one chip. The winner of three tricks takes the
        pool; a jinker who wins all five takes it and one chip from each other seat, so a seat gains at most
        the pool and those chips less its own chip, and loses at most its chip and one for a jink. Robbing
        the turn-up (a word and a discard) and the jink are the only actions beside the five tricks; the
        cards dealt are the hands and the turn-up."""
        return DealBounds(actions=players * 2 + 2 + 5 * players, least=-2, most=2 * players - 2, zero_sum=False,
                          dealt=5 * players + 1)
    # -- end of the declaration

    @classmethod
    def sides_of(cls, players: int, options: Options) -> int:
        return players  # each for himself

    def _init_scores(self) -> None:
        n = self.players
        self.winner = self.jinker = -1
        self.pool_start = int(self.carry_in.get("pools", {}).get(POOL, 0))
        self.topup = self.pool_start > 0
        if not self.topup:
            self.ante = [1] * n  # "Each player puts one chip in the pool."
        elif self.game.options.spoil_topup == "each_player_1":
            self.ante = [1] * n  # "each player puts in another chip for the next deal"
        else:
            self.ante = [1 if s == self.dealer else 0 for s in range(n)]  # Hervey: only the dealer (SF-GAP-5)

    # ---------------------------------------------------------------- jinking
    def options_jink(self, seat: int) -> Iterable[str]:
        return ("claim", "jink")

    def check_jink(self, seat: int, action: str) -> str | None:
        if action in ("claim", "jink"):
            return None
        return _("you have won the first three tricks: 'claim' the pool or 'jink' for all five")

    def apply_jink(self, seat: int, action: str) -> None:
        if action == "claim":
            self.winner = seat
            self.end()
        else:
            self.jinker, self.phase = seat, PLAY

    def trick_done(self, winner: int) -> None:
        won, played = self.tricks_won[winner], sum(self.tricks_won)
        if self.jinker >= 0:
            # SF-GAP-3: the jink fails at the first trick lost (nobody else can now win three).
            if winner != self.jinker or not self.hands[winner]:
                self.end()
            return
        if won == 3:
            if winner == self.barred:
                self.end()  # 1911 EB: "cannot go out that hand" - and nobody else can win three: a spoil
            elif played == 3 and self.hands[winner]:
                self.phase, self.turn = JINK, winner  # SF-GAP-3: every trick so far, tricks to come
            else:
                self.winner = winner
                self.end()
        elif not self.hands[winner]:
            self.end()

    # ------------------------------------------------------------ settlement
    def _settle(self) -> Settlement:
        names = self.names
        led = Ledger(self.players, {POOL: self.pool_start}, names=names)
        why = _(" more in the pool (it was not won last deal)") if self.topup else _(" in the pool")
        for s, a in enumerate(self.ante):
            if a:
                led.to_pool(s, POOL, a, _("{player} puts {action}{why}", player=names[s], action=a, why=why))
        j = self.jinker
        if j >= 0 and self.tricks_won[j] == 5:
            pool = led.from_pool(j, POOL, None)
            led.note(_("{player} jinked and won all five tricks: he takes the pool of {pool}", player=names[j],
                       pool=pool))
            for s in range(self.players):
                if s != j:
                    led.pay(s, j, 1, _("{player} pays {player2} 1 for the jink", player=names[s], player2=names[j]))
        elif j >= 0:
            led.note(_("{player} jinked and lost a trick: he does not get the pool, which stays for the next deal",
                       player=names[j]))
        elif self.winner >= 0:
            pool = led.from_pool(self.winner, POOL, None)
            led.note(_("{player} won three tricks and takes the pool of {pool}", player=names[self.winner],
                       pool=pool))
        elif self.barred >= 0 and self.tricks_won[self.barred] >= 3:
            led.note(_("{player} won three tricks but had played without robbing or declaring his ace, so he "
                       "cannot take the pool, which stays", player=names[self.barred]))
        else:
            led.note(_("nobody won three tricks: the deal is spoilt and the pool stays for the next deal"))
        return led.settlement()

    def _carry(self) -> dict[str, Any] | None:
        pool = self.result().pools.get(POOL, 0)
        return {"pools": {POOL: pool}} if pool else None

    # ------------------------------------------------------------ words, views
    def label(self, action: str) -> str:
        if action == "claim":  # the rest of the tricks while they are played; the pool once three are won
            return super().label(action) if self.phase == PLAY else _("Claim the pool")
        if action == "jink":
            return _("Jink: play on for all five tricks")
        return super().label(action)

    def _view(self, seat: int | None) -> dict[str, Any]:
        v = super()._view(seat)
        if self.phase == JINK:  # between tricks: the table stays on show while the winner decides
            code = self.pack.code
            v.update(trick=[], tricks_won=list(self.tricks_won),
                     last_trick=[[s, code(c)] for s, c in self.last_trick], leader=self.leader)
        if self.jinker >= 0:
            v["jinking"] = self.jinker
        v["pools"] = dict(self.result().pools) if self.over else {POOL: self.pool_start + sum(self.ante)}
        return v

    def status(self, seat: int | None) -> str:
        me = seat is not None and seat == self.turn
        if self.phase == JINK:
            if me:
                return (_("You have won the first three tricks: 'claim' takes the pool now; 'jink' plays on - win "
                          "all five for the pool and a chip from each player, lose one and the pool stays"))
            assert self.turn is not None
            return _("{player} has won three tricks and chooses to claim the pool or jink",
                     player=self.names[self.turn])
        if self.jinker >= 0 and self.phase == PLAY:
            who = "You are" if seat == self.jinker else f"{self.names[self.jinker]} is"
            return _("{who} jinking: every remaining trick must fall to the jinker, or the pool stays", who=who)
        return super().status(seat)
