"""The deal: one state machine that every game fills in with its own rules.

A game's deal class implements a handful of hooks — ``_start`` (after dealing),
``_legal``, ``_apply``, ``_explain``, ``_settle``, ``_view`` — and the base class gives
every game the same public vocabulary: ``legal()``, ``why_not()``, ``act()``, ``view()``,
``public_view()``, ``result()``, ``carry``, ``clone()``, ``sample()``, ``record()``.

Legality exists once: an action is legal exactly when it is in ``legal()``; ``act`` and
``why_not`` both consult it, and ``_explain`` only words the reason for one that is not.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ..errors import CardError, IllegalAction, RulesError
from .cards import Pack, bit_list, bits, parse_code
from .chips import Settlement
from .dealing import shuffle
from .sampling import Zone, assign_cards

if TYPE_CHECKING:
    from .game import Game

__all__ = ["Deal", "Zone", "assign_cards", "normalize_action"]


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
        raise IllegalAction(f"an action is text such as 'QH' or 'pass', not {action!r}")
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


def _rebuild(cls: Any, players: int, options: dict[str, Any], deck: list[str], dealer: int,
             carry: dict[str, Any] | None, actions: list[tuple[int, str]]) -> Deal:
    """Unpickle a deal by replaying its record."""
    deal: Deal = cls(players=players, **options).deal(deck=deck, dealer=dealer, carry=carry)
    for seat, action in actions:
        deal.act(action, seat=seat)
    return deal


def _dict_of(obj: Any) -> dict[str, Any]:
    """An object's attribute dict (a compiled class may not name its own ``__dict__``)."""
    return obj.__dict__  # type: ignore[no-any-return]


def _set_dict(obj: Any, d: dict[str, Any]) -> None:
    obj.__dict__ = d


_SLOTS: dict[type, tuple[str, ...]] = {}
"""Per deal class: the fields its compiled base classes keep in the object itself rather than in its
``__dict__`` (none in pure Python; see ``setup.py``)."""


def _copied(value: Any) -> Any:
    """A list or dict copied one level deep (as :meth:`Deal.clone` copies attributes), else the value."""
    return value.copy() if type(value) is list or type(value) is dict else value


_FIELDS = ("game", "pack", "players", "dealer", "turn", "phase", "carry_in", "deck", "_legal_cache", "_result",
           "direction", "history", "hands", "stock", "_card_phases",
           "rules", "best_i", "best_by", "played", "leader", "last_trick", "tricks_won", "won", "voids", "in_play",
           "trick", "trick_seats")
"""Every field deal.pxd and tricks.pxd declare (tests/core/test_compiled.py keeps them in step)."""


def _slots(cls: type) -> tuple[str, ...]:
    got = _SLOTS.get(cls)
    if got is None:
        got = _SLOTS[cls] = tuple(name for name in _FIELDS if any(
            type(vars(k).get(name)).__name__ == "getset_descriptor" for k in cls.__mro__))
    return got


class Deal:
    """One deal of a game, from the first decision to the settlement.

    Subclasses keep their state in plain attributes (ints, masks, lists of ints) so that
    :meth:`clone` is a shallow copy of a few lists.
    """

    _copy_lists: tuple[str, ...] = ()
    """Names of attributes holding lists of lists (copied one level deeper by clone)."""
    _copy_objects: tuple[str, ...] = ()
    """Names of attributes holding objects with a ``copy()`` method (an auction, say)."""
    card_phases: ClassVar[tuple[str, ...]] = ()
    """Phases in which the legal actions are exactly the playable cards (see :class:`TrickDeal`)."""

    def __init__(self, game: Game, order: list[int], dealer: int, carry: dict[str, Any] | None) -> None:
        self.game = game
        self.pack: Pack = game.pack
        self.players: int = game.players
        self.dealer: int = dealer
        self.turn: int | None = None
        self.phase: str = "deal"
        self.history: list[tuple[int, str]] = []
        self.hands: list[int] = [0] * self.players
        self.stock: list[int] = []
        self.carry_in: dict[str, Any] = dict(carry or {})
        self.deck: tuple[int, ...] = tuple(order)
        self._legal_cache: Sequence[str] | None = None
        self._result: Settlement | None = None
        self.direction: int = 1
        self._card_phases: tuple[str, ...] = () if self.pack.has_duplicates else self.card_phases
        self._start(order)

    # ----------------------------------------------------------------- hooks
    def _start(self, order: list[int]) -> None:
        """Deal the cards in ``order`` (top first) and set the first phase and turn."""
        raise NotImplementedError

    def _legal(self) -> list[str]:
        """Every legal action of the seat to act, in a stable order."""
        raise NotImplementedError

    def _apply(self, seat: int, action: str) -> None:
        """Apply a legal action (already checked)."""
        raise NotImplementedError

    def _explain(self, seat: int, action: str) -> str:
        """Why ``action`` (known not to be legal) is not allowed; the rule in words."""
        return "that is not an action of this game at this point"

    def _settle(self) -> Settlement:
        """The settlement of a finished deal."""
        raise NotImplementedError

    def _carry(self) -> dict[str, Any] | None:
        """What passes to the next deal."""
        return None

    def _view(self, seat: int | None) -> dict[str, Any]:
        """Game-specific parts of the view of ``seat`` (``None``: a spectator)."""
        return {}

    def _redact(self, seat: int, action: str, viewer: int | None) -> str:
        """How ``viewer`` sees ``seat``'s ``action`` in the history (default: as it is)."""
        return action

    def seen_as(self, seat: int, action: str, viewer: int | None) -> str:
        """``seat``'s ``action`` as ``viewer`` sees it in its view's history (``exchange 2`` for
        another seat's ``exchange 7H 2C``); search trees key other seats' actions by it."""
        return action if viewer == seat else self._redact(seat, action, viewer)

    def _hidden_zones(self, viewer: int) -> list[Zone]:
        """Zones whose content ``viewer`` cannot see: other hands, the stock by default."""
        zones = [Zone(("hand", s), self.hands[s]) for s in range(self.players) if s != viewer]
        if self.stock:
            m = 0
            for c in self.stock:
                m |= 1 << c
            zones.append(Zone("stock", m))
        return zones

    def _set_zone(self, key: Any, mask: int, rng: random.Random) -> None:
        """Write a sampled zone back (hands and the stock by default)."""
        if key == "stock":
            cards = bit_list(mask)
            shuffle(cards, rng)
            self.stock = cards
        elif isinstance(key, tuple) and key[0] == "hand":
            self.hands[key[1]] = mask
        else:
            raise KeyError(key)

    def _zones(self) -> dict[str, int]:
        """Every place cards lie, as masks (for accounting): hands and stock, plus the game's own."""
        z = {f"hand {s}": h for s, h in enumerate(self.hands)}
        z["stock"] = sum(1 << c for c in self.stock)
        return z

    # ------------------------------------------------------------ public API
    @property
    def over(self) -> bool:
        """True once the deal has ended."""
        return self.turn is None

    def legal(self) -> list[str]:
        """Every legal action of the seat to act (empty when the deal is over)."""
        if self.turn is None:
            return []
        if self._legal_cache is None:
            self._legal_cache = self._legal()
        return list(self._legal_cache)

    def why_not(self, action: str, seat: int | None = None) -> str | None:
        """``None`` if ``action`` is legal now (for ``seat``, if given), else the reason."""
        if self.turn is None:
            return "the deal is over; no action is allowed"
        if seat is not None and seat != self.turn:
            if not isinstance(seat, int) or not 0 <= seat < self.players:
                return f"there is no seat {seat!r}; seats are 0 to {self.players - 1}"
            return f"it is seat {self.turn}'s turn, not seat {seat}'s"
        try:
            a = self.canonical_action(action)
        except IllegalAction as e:
            return str(e)
        if self._legal_cache is None:
            self._legal_cache = self._legal()
        if a in self._legal_cache:
            return None
        legal = self._legal_cache
        shown = ", ".join(legal[:24]) + (f" … ({len(legal)} in all)" if len(legal) > 24 else "")
        try:
            why = self._explain(self.turn, a)
        except ValueError as e:
            why = str(e)
        return f"{a!r} is not allowed: {why}. Legal now: {shown}"

    def act(self, action: str, seat: int | None = None) -> None:
        """Apply one action; raises :class:`IllegalAction` with the reason, changing nothing."""
        who = self.turn
        if self._legal_cache is None and who is not None:
            self._legal_cache = self._legal()
        if who is None or (seat is not None and seat != who) or self._legal_cache is None \
                or action not in self._legal_cache:
            reason = self.why_not(action, seat)
            if reason is not None:
                raise IllegalAction(reason)
            action = self.canonical_action(action)
        assert who is not None
        self._legal_cache = None
        self.history.append((who, action))
        self._apply(who, action)
        self._legal_cache = None

    def canonical_action(self, action: str) -> str:
        """The action as ``legal()`` spells it: normalised, and the cards of a multi-card action
        (``exchange 2C 5H``) in display order, so that players may name them in any order."""
        a = normalize_action(action)
        legal = self._legal_cache if self._legal_cache is not None else (self._legal() if self.turn is not None else [])
        words = a.split()
        if a not in legal and len(words) > 2 and all(len(w) == 2 and w in self.pack._index for w in words[1:]):
            rank = self.pack.display_rank
            words[1:] = sorted(words[1:], key=lambda w: rank[self.pack._index[w][0]])
            if " ".join(words) in legal:
                a = " ".join(words)
        return a

    def step_random(self, rng: random.Random) -> str:
        """The playout path: apply a uniformly random legal action without the public checks.

        Search bots use it in playouts. It runs the game's own ``_legal`` and ``_apply``, so the
        rules are exactly those of :meth:`act` (a test replays both paths and compares states).
        """
        seat = self.turn
        assert seat is not None
        legal = self._legal_cache if self._legal_cache is not None else self._legal()
        a = legal[int(rng.random() * len(legal))]
        self._legal_cache = None
        self.history.append((seat, a))
        self._apply(seat, a)
        return a

    def playout(self, rng: random.Random, limit: int = 100_000) -> Deal:
        """Play to the end with uniformly random legal actions (the playout path); returns ``self``."""
        n = 0
        while self.turn is not None and n < limit:
            self.step_random(rng)
            n += 1
        return self

    def rollout(self, rng: random.Random) -> list[Any]:
        """The settlement deltas of one random playout from here, leaving ``self`` unchanged.

        The inner step of a search with random playouts: ``self.clone().playout(rng).result().deltas``.
        A game may answer from a compiled kernel that applies the same rules (Nap does, with numba).
        """
        return list(self.clone().playout(rng).result().deltas)

    def result(self) -> Settlement:
        """The settlement; only when the deal is over."""
        if self.turn is not None:
            raise IllegalAction(f"the deal is not over: seat {self.turn} is to act ({self.phase})")
        if self._result is None:
            self._result = self._settle()
        return self._result

    @property
    def carry(self) -> dict[str, Any] | None:
        """What passes to the next deal (pools, counters…); ``None`` when nothing does."""
        if self.turn is not None:
            return None
        self.result()
        return self._carry()

    def view(self, seat: int) -> dict[str, Any]:
        """Everything ``seat`` may see, and nothing else, as a JSON-ready dict."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise RulesError(f"there is no seat {seat!r}; seats are 0 to {self.players - 1}")
        return self._build_view(seat)

    def public_view(self) -> dict[str, Any]:
        """What a spectator may see."""
        return self._build_view(None)

    def _build_view(self, seat: int | None) -> dict[str, Any]:
        hand = None
        if seat is not None:
            hand = self.card_codes(self.hands[seat])
        v: dict[str, Any] = {
            "game": self.game.id, "players": self.players, "seat": seat, "dealer": self.dealer,
            "turn": self.turn, "phase": self.phase, "over": self.over, "hand": hand,
            "hand_sizes": [h.bit_count() for h in self.hands],
            "history": [[s, self._redact(s, a, seat)] for s, a in self.history],
            "legal": self.legal() if seat is not None and seat == self.turn else [],
        }
        v.update(self._view(seat))
        if self.over:
            v["result"] = self.result().to_json()
        return v

    def clone(self) -> Deal:
        """An independent copy (shallow copies of the state lists)."""
        cls = type(self)
        new = cls.__new__(cls)
        d = _dict_of(self).copy()
        slots = _SLOTS.get(cls)
        if slots is None:
            slots = _slots(cls)
        if slots:  # compiled: the core's fields live in the object, not in its __dict__
            self._copy_fields(new)
        for k, val in d.items():
            if type(val) is list or type(val) is dict:
                d[k] = val.copy()
        for k in self._copy_lists:
            d[k] = [x.copy() for x in d[k]]
        for k in self._copy_objects:
            if d.get(k) is not None:
                d[k] = d[k].copy()
        if slots:
            _dict_of(new).update(d)  # a compiled class's __dict__ may be filled, not replaced
        else:
            _set_dict(new, d)
        return new

    def _copy_fields(self, new: Deal) -> None:
        """Copy the fields deal.pxd declares into ``new`` as :meth:`clone` copies attributes (lists and
        dicts one level deep); used only by the compiled build, where they are not in ``__dict__``."""
        new.game, new.pack, new.players, new.dealer = self.game, self.pack, self.players, self.dealer
        new.turn, new.phase, new.deck, new.direction = self.turn, self.phase, self.deck, self.direction
        new.carry_in = self.carry_in.copy()
        new._legal_cache = _copied(self._legal_cache)
        new._result = self._result
        new.history, new.hands, new.stock = self.history.copy(), self.hands.copy(), self.stock.copy()
        new._card_phases = self._card_phases

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle as the record: game class, options, pack order, dealer, carry and actions (replayed)."""
        return (_rebuild, (type(self.game), self.players, self.game.options.as_dict(),
                           [self.pack.code_of[c] for c in self.deck], self.dealer, self.carry_in or None,
                           list(self.history)))

    def __deepcopy__(self, memo: dict[int, Any]) -> Deal:
        """``copy.deepcopy`` of a deal is :meth:`clone` (rules and the game are shared, state is copied)."""
        return self.clone()

    def sample(self, seat: int, rng: random.Random | int | None = None) -> Deal:
        """A full deal consistent with everything ``seat`` has seen, and nothing it has not.

        Cards ``seat`` cannot see are redistributed at random among the places it cannot
        see, respecting sizes, revealed voids and cards known to lie in a place.
        """
        if not isinstance(rng, random.Random):
            rng = random.Random(rng)
        zones = self._hidden_zones(seat)
        free = [z.cards & ~z.fixed for z in zones]
        union = 0
        for m in free:
            union |= m
        if union.bit_count() == sum(m.bit_count() for m in free):
            pool = bit_list(union)  # sorted: the truth's arrangement must not matter
        else:
            pool = sorted(c for m in free for c in bits(m))
        got = assign_cards(pool, [m.bit_count() for m in free], [z.allowed for z in zones], rng)
        if got is None:  # the truth is always consistent; keep it rather than fail
            got = free
        new = self.clone()
        for z, m in zip(zones, got):
            new._set_zone(z.key, m | z.fixed, rng)
        if type(self)._redact is not Deal._redact:
            new.history = [(s, self._redact(s, a, seat)) for s, a in self.history]
        new._legal_cache = None
        new._result = None
        return new

    def card_locations(self) -> list[int]:
        """Every card index in every zone, repeats included (a conserved deal lists each once)."""
        return [c for m in self._zones().values() for c in bits(m)]

    def hidden_from(self, seat: int | None) -> int:
        """Mask of the cards ``seat`` (``None``: a spectator) may not see."""
        out = 0
        for z in self._hidden_zones(seat):  # type: ignore[arg-type]
            out |= z.cards & ~z.fixed
        return out

    def visible_to(self, seat: int | None) -> int:
        """Mask of the cards ``seat`` may see."""
        return self.pack.full & ~self.hidden_from(seat)

    def record(self) -> dict[str, Any]:
        """Everything needed to replay this deal: game, options, pack order, dealer, actions."""
        return {"game": self.game.id, "players": self.players, "options": self.game.options.as_dict(),
                "deck": " ".join(self.pack.code(c) for c in self.deck), "dealer": self.dealer,
                "carry": self.carry_in or None, "actions": [[s, a] for s, a in self.history]}

    def __repr__(self) -> str:
        return (f"<{self.game.id} deal: dealer {self.dealer}, phase {self.phase}, "
                f"turn {self.turn}, {len(self.history)} actions>")

    # ------------------------------------------------------------- helpers
    def next_seat(self, seat: int, step: int = 1) -> int:
        """The seat ``step`` places on in the direction of play."""
        return (seat + self.direction * step) % self.players

    def card_codes(self, mask: int) -> list[str]:
        """Codes of a mask in display order."""
        code = self.pack.code_of
        return [code[c] for c in self.pack.in_display_order(mask)]

    def find_card(self, code: str, mask: int) -> int:
        """The physical card with ``code`` inside ``mask`` (the action was checked legal)."""
        for c in self.pack.cards_with(code):
            if mask >> c & 1:
                return c
        found = self.pack.parse_in(code, mask)
        if found is None:
            raise IllegalAction(f"{code} is not there")
        return found

    def cards_in(self, words: Iterable[str], mask: int) -> int:
        """Mask of the physical cards named by ``words`` inside ``mask`` (repeats take copies)."""
        out = 0
        for w in words:
            c = self.pack.parse_in(w, mask & ~out)
            if c is None:
                raise IllegalAction(f"{w} is not there")
            out |= 1 << c
        return out
