"""The deal: one state machine that every game fills in with its own rules.

A game is one class per variant: a :class:`Deal` subclass whose class attributes declare the game (id, name,
players, pack, options, phases, view keys) and whose methods are the rules: ``_start`` (deal the cards),
for each phase ``options_<phase>`` / ``check_<phase>`` / ``apply_<phase>`` (see :mod:`.phases`),
``_settle``, ``_view``... The base class gives every game the same public vocabulary: ``legal()``,
``why_not()``, ``act()``, ``view()``, ``public_view()``, ``result()``, ``carry``, ``clone()``, ``sample()``,
``record()``, ``label()``.

Legality exists once, in each phase's checker: ``legal()`` lists the options it allows, ``why_not()`` gives
its reason and ``act()`` refuses what it refuses. In a card phase the checker is the trick rules' own
(:meth:`TrickRules.why <cardtable.core.tricks.TrickRules.why>` beside ``plays``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ..errors import IllegalAction, RulesError
from .aims import Aim
from .bounds import CARD, ActionForm, DealBounds
from .cards import PACK_52, Pack, bit_list, bits
from .chips import Settlement
from .compiled import copier_of
from .dealing import shuffle
from .game import Game, GameInfo, info_of, rules_text_of
from .i18n import _, translate
from .options import Option, Options
from .phases import DONE, DONE_OF, HANDLERS, Phase, PhaseHandlers, done_phase, handlers
from .records import normalize_action, rebuild, record_of
from .sampling import Zone, assign_cards
from .views import BASE_KEYS, Key
from .words import action_label

if TYPE_CHECKING:
    from .kernel import PlayoutKernel

__all__ = ["Deal", "Zone", "assign_cards", "normalize_action"]


NOT_NOW = "that is not an action of this game at this point"


def _dict_of(obj: Any) -> dict[str, Any]:
    """An object's attribute dict (a compiled class may not name its own ``__dict__``)."""
    return obj.__dict__  # type: ignore[no-any-return]


def _set_dict(obj: Any, d: dict[str, Any]) -> None:
    obj.__dict__ = d


_HAS_COPY: dict[type, bool] = {}
_SHARED = frozenset({int, str, bool, tuple, type(None)})
"""Types :meth:`Deal.clone` shares without asking (immutable)."""


def _copied(value: Any) -> Any:
    """A deal's attribute as :meth:`Deal.clone` copies it: lists, dicts and objects with a ``copy()`` method
    (an auction, a layout) one level deep; anything else (numbers, text, tuples, rules, the game) shared."""
    t = type(value)
    if t is list or t is dict:
        return value.copy()
    has = _HAS_COPY.get(t)
    if has is None:
        has = _HAS_COPY[t] = callable(getattr(t, "copy", None)) and t not in (str, bytes)
    return value.copy() if has else value


def _reason(e: Exception) -> str:
    """An error's reason, as the message it was raised with (so that it can still be translated)."""
    return e.args[0] if len(e.args) == 1 and isinstance(e.args[0], str) else str(e)


class Deal:  # compiled
    """One deal of a game, from the first decision to the settlement; a subclass is a game (a variant).

    The state is plain data (ints, masks, lists of ints) declared once below, so that :meth:`clone` is a
    shallow copy of a few lists; a game declares its own fields the same way, as class annotations.
    """

    # ---- the state of every deal (in the compiled build these live in the object, typed)
    game: Game
    pack: Pack
    players: int
    names: tuple[str, ...]
    dealer: int
    turn: int | None
    phase: str
    history: list[tuple[int, str]]
    hands: list[int]
    stock: list[int]
    carry_in: dict[str, Any]
    deck: tuple[int, ...]
    direction: int
    _legal_cache: Sequence[str] | None
    _result: Settlement | None
    _card_phases: tuple[str, ...]
    _claims: bool
    """Whether players may claim or concede the rest of the play (the ``claims`` option, where a game has it)."""
    _events: list[tuple[Any, ...]]
    """The events the history does not hold, as recorded: (history length then, kind, seat, what, index,
    the one seat that sees ``what`` or ``None``, what the others see or ``None``); see :mod:`.events`."""

    # ---- the declaration of a game (one class per variant; see docs/developing.md)
    id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    family: ClassVar[str] = ""
    aliases: ClassVar[tuple[str, ...]] = ()
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    player_counts: ClassVar[tuple[int, ...]] = ()
    """The exact numbers of players the variant takes where not every count from ``min_players`` to
    ``max_players`` is one (empty: all of them)."""
    default_players: ClassVar[int] = 4
    pack_used: ClassVar[Pack] = PACK_52
    option_specs: ClassVar[tuple[Option, ...]] = ()
    fixed_options: ClassVar[dict[str, Any]] = {}
    """Rules this variant fixes that others let players choose: read like options (``options.lead_rule``)."""
    source: ClassVar[str] = ""
    unit: ClassVar[str] = "chips"
    target: ClassVar[int | None] = None
    phases: ClassVar[type[Phase]] = None  # type: ignore[assignment]  # every game sets it (declaration_problems)
    """The game's :class:`~cardtable.core.phases.Phase` enum (a bare annotation would be a C field when compiled)."""
    card_phases: ClassVar[tuple[str, ...]] = ()
    """Phases whose actions are exactly the playable cards (``play_mask``), checked by ``why_card``."""
    view_keys: ClassVar[tuple[Key, ...]] = ()
    """The game's own view keys (:mod:`.views`)."""
    core_view_keys: ClassVar[tuple[Key, ...]] = BASE_KEYS
    """The keys the core puts in every view of this kind of deal (a trick deal adds the trick's)."""
    kernel: ClassVar[PlayoutKernel | None] = None
    """A compiled playout kernel the game provides (:mod:`.kernel`), or ``None``."""
    aim: ClassVar[Aim] = Aim()
    """What counts in a deal and what each side wants (:mod:`.aims`), for bots: by default, tricks, each side
    taking as many as it can."""
    first_dealer_rule: ClassVar[str] = ""
    """How the game's rules find the first dealer with the cards (:data:`.cutting.RULES`: ``"jack"``, ``"low"``,
    ``"high"``), played by a match when the option ``first_dealer`` is ``"cards"``; empty: the rules give none."""
    action_forms: ClassVar[tuple[ActionForm, ...]] = (ActionForm(CARD),)
    """Every form of the game's actions, in the order that numbers them (:mod:`.bounds`): a bare card first."""
    flat_refusal: ClassVar[str] = ""
    """Why the game's actions cannot be numbered one by one, in words (empty: they can)."""

    def __init__(self, game: Game, order: list[int], dealer: int, carry: dict[str, Any] | None,
                 names: tuple[str, ...] | None = None) -> None:
        self.game = game
        self.pack = game.pack
        self.players = game.players
        self.names = game.names if names is None else names
        self.dealer = dealer
        self.turn = None
        self.phase = "deal"
        self.history = []
        self.hands = [0] * self.players
        self.stock = []
        self.carry_in = dict(carry or {})
        self.deck = tuple(order)
        self._legal_cache = None
        self._result = None
        self.direction = 1
        self._events = []
        self._card_phases = () if self.pack.has_duplicates else self.card_phases
        self._claims = bool(getattr(game.options, "claims", False))
        self._init_fields()
        self._start(order)

    def _init_fields(self) -> None:  # compiled; cdef
        """Give a subclass's declared core fields their starting values (before :meth:`_start`)."""

    # ------------------------------------------------ the variant, configured
    @classmethod
    def player_range(cls, options: Options) -> tuple[int, int]:
        """The player counts allowed under ``options`` (default: the declared range)."""
        return cls.min_players, cls.max_players

    @classmethod
    def player_counts_of(cls, options: Options) -> tuple[int, ...]:
        """The exact player counts under ``options`` where not every count of :meth:`player_range` is one
        (default: the declared ``player_counts``; empty: all of them)."""
        return cls.player_counts

    @classmethod
    def pack_of(cls, options: Options) -> Pack:
        """The pack this variant plays with under ``options`` (default: the declared ``pack_used``)."""
        return cls.pack_used

    @classmethod
    def configuration_problem(cls, players: int, options: Options) -> str | None:
        """What is wrong with these options for ``players`` seats, in words (``None``: nothing)."""
        return None

    @classmethod
    def configure(cls, game: Game) -> Any:
        """The variant's data for one configured game, worked out once (``game.setup``): a frozen dataclass."""
        return None

    @classmethod
    def unit_of(cls, options: Options) -> str:
        """The unit of the settlement under ``options`` (default: the declared ``unit``)."""
        return cls.unit

    @classmethod
    def target_of(cls, options: Options) -> int | None:
        """The match target in points under ``options`` (default: the declared ``target``)."""
        return cls.target

    @classmethod
    def match_over(cls, game: Game, totals: list[Any], deals: int) -> bool:
        """Whether a match has reached its end (default: when a seat reaches the game's target)."""
        return game.target is not None and any(t >= game.target for t in totals)

    def next_dealer(self) -> int:
        """Who deals the next deal (default: the seat to the dealer's left, in the direction of play)."""
        return (self.dealer + self.direction) % self.players

    @classmethod
    def action_forms_of(cls, options: Options) -> tuple[ActionForm, ...]:
        """The action forms of a configuration, in the order that numbers them: the declared ones its options
        bring (a variant may add forms whose range an option sets, after all the declared ones)."""
        values = options.as_dict()
        return tuple(f for f in cls.action_forms if f.allowed(values))

    @classmethod
    def deal_bounds(cls, players: int, options: Options) -> DealBounds:
        """The bounds of a deal of this configuration (:class:`.bounds.DealBounds`): the longest deal, the
        least and the most a seat gets, zero-sum or not, the cards a deal depends on. Each game declares them
        (the family bases from their mechanics; a variant overrides where it differs)."""
        raise RulesError(f"{cls.name or cls.__name__} declares no bounds for its deals (deal_bounds)")

    @classmethod
    def hand_limit(cls, game: Game) -> int:
        """The most cards one hand can hold in this configured game (bounds the view's ``hand``)."""
        return game.pack.size

    @classmethod
    def info_(cls) -> GameInfo:
        """The catalogue entry of this variant."""
        return info_of(cls)

    @classmethod
    def rules_text(cls, lang: str | None = None) -> str:
        """The rules for players, in Markdown (``games/rules/<id>.md``); ``lang``: in that language where the
        text has been translated, else in English with a line saying so."""
        return rules_text_of(cls, lang)

    @classmethod
    def declaration_problems(cls) -> list[str]:
        """What is wrong with this variant's declaration (empty when sound); the catalogue refuses a variant
        with problems, naming them."""
        out = []
        if not cls.id or cls.id != cls.id.lower() or " " in cls.id or "_" in cls.id:
            out.append(f"id {cls.id!r}: lower-case words joined by hyphens")
        if not cls.name or not cls.family or not cls.source:
            out.append("name, family and source are required")
        if not cls.min_players <= cls.default_players <= cls.max_players:
            out.append(f"players: {cls.min_players} <= {cls.default_players} <= {cls.max_players} does not hold")
        names = [o.name for o in cls.option_specs]
        if len(set(names)) != len(names):
            out.append("an option is declared twice")
        out.extend(cls.aim.problems())
        if bool(cls.first_dealer_rule) != ("first_dealer" in names):
            out.append("a first_dealer_rule and the option first_dealer (cutting.first_dealer_option) go together")
        if getattr(cls, "phases", None) is None:
            out.append("the phases (a Phase enum) are required")
        else:
            if DONE not in {p.value for p in cls.phases}:
                out.append("the phases need a 'done' phase")
            try:
                handlers(cls)
            except TypeError as e:
                out.append(str(e))
        return out

    # ----------------------------------------------------------------- hooks
    def _start(self, order: list[int]) -> None:
        """Deal the cards in ``order`` (top first) and set the first phase and turn."""
        raise NotImplementedError

    def _settle(self) -> Settlement:
        """The settlement of a finished deal."""
        raise NotImplementedError

    def _carry(self) -> dict[str, Any] | None:
        """What passes to the next deal."""
        return None

    def _view(self, seat: int | None) -> dict[str, Any]:
        """Game-specific parts of the view of ``seat`` (``None``: a spectator); keys declared in ``view_keys``."""
        return {}

    def _redact(self, seat: int, action: str, viewer: int | None) -> str:
        """How ``viewer`` sees ``seat``'s ``action`` in the history (default: as it is)."""
        return action

    def add_event(self, kind: str, seat: int | None, what: str, seen_by: int | None = None,
                  others: str | None = None) -> None:
        """Add an event of the game's own mechanics to the public log (:mod:`.events`): a widow taken, a pool
        paid. ``seen_by``: the one seat that sees ``what`` (``None``: every seat); the others see ``others``
        instead, or nothing when it is ``None``. The core records the actions and the tricks won itself."""
        self._events.append((len(self.history), kind, seat, what, None, seen_by, others))

    def ranking(self) -> Any:
        """The trick rules by which the cards rank now, for showing a hand in order (their ``suit_of``,
        ``power`` and ``trump``), or ``None`` where the deal has none yet (default: none)."""
        return None

    def status(self, seat: int | None) -> str | None:
        """A one-line summary in words of what is happening, for the view's ``status`` (``None`` or empty: none)."""
        return None

    def label(self, action: str, lang: str | None = None) -> str:
        """An action in plain words for people: ``"Two"``, ``"Pass"``, ``"Queen of spades"``; in the language
        ``lang`` (default: the game's, ``ct.load(..., lang="de")``; English when none): ``"Kreuz-Dame"``.

        A game words its own actions (its ``label(action)`` hook, whose words are messages) and leaves the rest
        to this default (:func:`.words.action_label`).
        """
        return self.in_language(action_label(action), lang)

    def in_language(self, text: str, lang: str | None = None) -> str:
        """``text`` (a message of the engine's) in ``lang``, or in the game's language (English when none)."""
        lang = lang or getattr(self.game, "lang", None)
        return translate(text, lang) if lang else text

    def end(self) -> None:
        """End the deal: the phase ``done``, no one to act."""
        self.phase = DONE_OF.get(type(self)) or done_phase(type(self))
        self.turn = None

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

    # --------------------------------------------- card phases (see TrickDeal)
    def play_mask(self, seat: int) -> int:  # compiled
        """The cards ``seat`` may play now, in a card phase."""
        return 0

    def why_card(self, seat: int, code: str) -> str | None:
        """``None`` if ``seat`` may play the card ``code`` now, else the reason (a card phase's checker)."""
        return _("no card may be played now")

    def _play_index(self, seat: int, c: int) -> None:  # compiled; cdef; seat c as Py_ssize_t
        """Play card index ``c`` (known legal) from ``seat``'s hand: what a card phase's action does."""
        raise NotImplementedError

    # ------------------------------------------ claims and concessions (see TrickDeal)
    def claim_options(self, seat: int) -> tuple[str, ...]:
        """The claims and concessions ``seat`` may make now (``claim``, ``concede``...), offered after the
        phase's own actions when the game's ``claims`` option is on (default: none)."""
        return ()

    def claim_refusal(self, seat: int, action: str) -> str | None:
        """``None`` if ``seat``'s offered claim ``action`` holds, else why it is refused, in words that name no
        card ``seat`` may not see."""
        return None

    def apply_claim(self, seat: int, action: str) -> None:
        """The effect of a claim or concession that holds."""
        raise NotImplementedError

    def claim_unavailable(self, seat: int, action: str) -> str | None:
        """Why a claim or concession ``action`` that is not offered now cannot be made, in words (``None``:
        ``action`` is no such word here)."""
        return None

    def _is_claim(self, seat: int | None, action: str) -> bool:
        """Whether ``action`` is one of the claims ``seat`` is offered now."""
        return self._claims and seat is not None and action in self.claim_options(seat)

    # -------------------------------------------- knowledge a bot may ask for
    def side(self, seat: int) -> int:
        """The side ``seat`` plays for (partners share a side). Default: each for himself."""
        return seat

    def wants_tricks(self, seat: int) -> bool:
        """Whether ``seat`` is trying to win tricks (False for a Misery declarer, say)."""
        return True

    def declarer_seat(self) -> int | None:
        """The seat that made the contract, where the game has one (``None`` before, or without one)."""
        return None

    # -------------------------------------- the phases' handlers, dispatched
    def _handlers(self) -> PhaseHandlers:  # compiled; cdef
        """The handlers of the current word phase (:func:`.phases.handlers`)."""
        table = HANDLERS.get(type(self))
        if table is None:
            table = handlers(type(self))
        return table[self.phase]

    def _legal(self) -> Sequence[str]:  # compiled
        """The legal actions of the seat to act in a word phase: the options its checker allows (``legal()``
        keeps this sequence as its cache and hands out copies)."""
        seat = self.turn
        assert seat is not None
        h = self._handlers()
        if h.legal is not None:
            return h.legal(self, seat)
        return [a for a in h.options(self, seat) if h.check(self, seat, a) is None]

    def _apply(self, seat: int, action: str) -> None:  # compiled
        """Apply a legal action of a word phase."""
        self._handlers().apply(self, seat, action)

    def _explain(self, seat: int, action: str) -> str:
        """Why ``action`` (known not to be legal) is not allowed: the phase's checker's reason."""
        why = self.claim_unavailable(seat, action)
        if why:
            return why
        if self.phase in self._card_phases:
            return self.why_card(seat, action) or NOT_NOW
        h = (HANDLERS.get(type(self)) or handlers(type(self))).get(self.phase)
        return (h.check(self, seat, action) if h is not None else None) or NOT_NOW

    # ------------------------------------------------------------ public API
    @property
    def over(self) -> bool:
        """True once the deal has ended."""
        return self.turn is None

    def legal(self, claims: bool = True) -> list[str]:
        """Every legal action of the seat to act (empty when the deal is over).

        Where the game's ``claims`` option is on, the claims and concessions the seat may make come last
        (:meth:`claim_options`); ``claims=False`` leaves them out (the bots play on rather than claim). A claim
        is judged when it is made: offered, it may still be refused (:meth:`why_not` gives the reason).
        """
        lc = self._legal_cache
        if lc is None:
            seat = self.turn
            if seat is None:
                return []
            if self.phase in self._card_phases:
                lc = self.pack.display_codes(self.play_mask(seat))
            else:
                lc = self._legal()
            self._legal_cache = lc  # the phase's own actions: the claims are added below, never cached
        if self._claims and claims and self.turn is not None:
            extra = self.claim_options(self.turn)
            if extra:
                return [*lc, *extra]
        return list(lc)

    def why_not(self, action: str, seat: int | None = None, *, lang: str | None = None) -> str | None:
        """``None`` if ``action`` is legal now (for ``seat``, if given), else the reason; in the language
        ``lang`` (default: the game's; English when none)."""
        why = self._why_not(action, seat)
        return why if why is None else self.in_language(why, lang)

    def _why_not(self, action: str, seat: int | None) -> str | None:
        if seat is not None and (seat.__class__ is not int or not 0 <= seat < self.players):
            problem = self.seat_problem(seat)
            if problem is not None:
                return problem
        turn = self.turn
        if turn is None:
            return _("the deal is over; no action is allowed")
        if seat is not None and seat != turn:
            return _("it is {player}'s turn, not {player2}'s", player=self.names[turn], player2=self.names[seat])
        try:
            a = self.canonical_action(action)
        except IllegalAction as e:
            return _reason(e)
        legal = self.legal()
        if a in legal:
            return self.claim_refusal(turn, a) if self._is_claim(turn, a) else None
        shown = ", ".join(legal[:24]) + (f" … ({len(legal)} in all)" if len(legal) > 24 else "")
        try:
            why = self._explain(turn, a)
        except ValueError as e:
            why = _reason(e)
        return _("{action!r} is not allowed: {why}. Legal now: {shown}", action=a, why=why, shown=shown)

    def act(self, action: str, seat: int | None = None) -> None:
        """Apply one action; raises :class:`IllegalAction` with the reason, changing nothing."""
        who = self.turn
        if who is not None and (seat is None or (seat == who and seat.__class__ is int)):  # else: why_not checks
            lc = self._legal_cache
            if self.phase in self._card_phases:  # a card written as legal() writes it: play it at once
                c = self.pack.index_of.get(action) if type(action) is str else None
                if c is not None and ((action in lc) if lc is not None else (self.play_mask(who) >> c & 1)):
                    self._legal_cache = None
                    self.history.append((who, action))
                    self._play_index(who, c)
                    return
            else:
                if lc is None:
                    lc = self._legal_cache = self._legal()
                if action in lc:
                    self._do(who, action)
                    return
        reason = self.why_not(action, seat)
        if reason is not None:
            raise IllegalAction(reason)
        assert who is not None
        self._do(who, self.canonical_action(action))

    def _do(self, who: int, action: str) -> None:  # compiled; cdef
        """Apply an action known to be legal, in its canonical text, and add it to the history."""
        self._legal_cache = None
        if self._claims and self._is_claim(who, action):
            self.history.append((who, action))
            self.apply_claim(who, action)
        elif self.phase in self._card_phases:
            self.history.append((who, action))
            self._play_index(who, self.find_card(action, self.hands[who]))
        else:
            self.history.append((who, action))
            self._apply(who, action)
        self._legal_cache = None

    def canonical_action(self, action: str) -> str:
        """The action as ``legal()`` spells it: normalised, and the cards of a multi-card action
        (``exchange 2C 5H``) in display order, so that players may name them in any order."""
        a = normalize_action(action)
        words = a.split()
        if len(words) > 2 and all(len(w) == 2 and w in self.pack._index for w in words[1:]) \
                and a not in self.legal():
            rank = self.pack.display_rank
            words[1:] = sorted(words[1:], key=lambda w: rank[self.pack._index[w][0]])
            if " ".join(words) in self.legal():
                a = " ".join(words)
        return a

    def step_random(self, rng: random.Random) -> str:  # compiled
        """The playout path: apply a uniformly random legal action without the public checks.

        Search bots use it in playouts. It runs the same handlers as :meth:`act`; in a card phase it draws
        a card index from :meth:`play_mask` without building the text of the legal actions.
        """
        seat = self.turn
        assert seat is not None
        lc = self._legal_cache
        self._legal_cache = None
        if self.phase in self._card_phases:
            mask = self.play_mask(seat)
            for _x in range(int(rng.random() * mask.bit_count())):
                mask &= mask - 1
            c = (mask & -mask).bit_length() - 1
            code = self.pack.code_of[c]
            self.history.append((seat, code))
            self._play_index(seat, c)
            return code
        legal = lc if lc is not None else self._legal()
        a = legal[int(rng.random() * len(legal))]
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

    @property
    def has_kernel(self) -> bool:
        """Whether :meth:`rollout` answers from the game's compiled playout kernel here (:mod:`.kernel`)."""
        return self.game.kernel is not None

    def rollout(self, rng: random.Random) -> list[Any]:
        """The settlement deltas of one random playout from here, leaving ``self`` unchanged.

        The inner step of a search with random playouts: ``self.clone().playout(rng).result().deltas``, or
        the game's playout kernel where it covers the deal (the same rules, checked by replay tests).
        """
        kernel = self.game.kernel
        if kernel is not None:
            out = kernel.rollout(self, rng)
            if out is not None:
                return out
        return list(self.clone().playout(rng).result().deltas)

    def result(self) -> Settlement:
        """The settlement; only when the deal is over."""
        if self.turn is not None:
            raise IllegalAction(_("the deal is not over: {player} is to act ({phase})",
                                  player=self.names[self.turn], phase=self.phase))
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
        """Everything ``seat`` may see, and nothing else, as a JSON-ready dict (keys: :meth:`view_schema`)."""
        problem = self.seat_problem(seat)
        if problem is not None:
            raise RulesError(problem)
        return self._build_view(seat)

    def seat_problem(self, seat: Any) -> str | None:
        """``None`` if ``seat`` is a seat of this deal (a whole number from 0, never ``True``/``False``), else
        what is wrong with it, in words."""
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.players:
            return None
        return _("there is no seat {seat!r}; seats are 0 to {players}", seat=seat, players=self.players - 1)

    def public_view(self) -> dict[str, Any]:
        """What a spectator may see."""
        return self._build_view(None)

    def _build_view(self, seat: int | None) -> dict[str, Any]:
        hand = None
        if seat is not None:
            hand = self.card_codes(self.hands[seat])
        v: dict[str, Any] = {
            "game": self.game.id, "players": self.players, "seat": seat, "dealer": self.dealer,
            "turn": self.turn, "phase": str(self.phase), "over": self.over, "hand": hand,
            "hand_sizes": [h.bit_count() for h in self.hands],
            "history": [[s, self._redact(s, a, seat)] for s, a in self.history],
            "legal": self.legal() if seat is not None and seat == self.turn else [],
        }
        v["events"] = self._event_log(v["history"], seat)
        v.update(self._view(seat))
        status = self.status(seat)
        if status:
            v["status"] = status
        if self.over:
            v["result"] = self.result().to_json()
        return v

    def _event_log(self, history: list[list[Any]], seat: int | None) -> list[dict[str, Any]]:
        """The public log of events as ``seat`` may see it (:mod:`.events`), from its view's ``history`` and
        the events recorded beside it."""
        out: list[dict[str, Any]] = []
        extra = self._events
        j, m = 0, len(extra)
        cards = self.pack.index_of
        for i, (s, a) in enumerate(history):
            while j < m and extra[j][0] <= i:
                self._event_json(extra[j], seat, out)
                j += 1
            out.append({"kind": "play" if a in cards else "act", "seat": s, "what": a})
        while j < m:
            self._event_json(extra[j], seat, out)
            j += 1
        return out

    @staticmethod
    def _event_json(e: tuple[Any, ...], seat: int | None, out: list[dict[str, Any]]) -> None:
        _x, kind, who, what, index, seen_by, others = e
        if seen_by is not None and seen_by != seat:
            if others is None:
                return
            what = others
        ev = {"kind": kind, "seat": who, "what": what}
        if index is not None:
            ev["index"] = index
        out.append(ev)

    def clone(self) -> Deal:
        """An independent copy: every declared field and attribute, lists and dicts copied one level."""
        cls = type(self)
        new = cls.__new__(cls)
        copy = copier_of(cls)
        if copy is not None:  # compiled: the core's fields live in the object, not in its __dict__
            copy(self, new)
        d = _dict_of(self).copy()
        for k, val in d.items():
            t = type(val)
            if t is list or t is dict:
                d[k] = val.copy()
            elif t not in _SHARED:
                d[k] = _copied(val)
        if copy is not None:
            _dict_of(new).update(d)  # a compiled class's __dict__ may be filled, not replaced
        else:
            _set_dict(new, d)
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle as the record: the game, pack order, dealer, carry, names and actions (replayed)."""
        return (rebuild, (self.game, [self.pack.code_of[c] for c in self.deck], self.dealer, self.carry_in or None,
                           list(self.names), list(self.history)))

    def __deepcopy__(self, memo: dict[int, Any]) -> Deal:
        """``copy.deepcopy`` of a deal is :meth:`clone` (rules and the game are shared, state is copied)."""
        return self.clone()

    def sample(self, seat: int, rng: random.Random | int | None = None) -> Deal:
        """A full deal consistent with everything ``seat`` has seen, and nothing it has not.

        Cards ``seat`` cannot see are redistributed at random among the places it cannot
        see, respecting sizes, revealed voids and cards known to lie in a place.
        """
        problem = self.seat_problem(seat)
        if problem is not None:
            raise RulesError(problem)
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
        if any(e[5] is not None for e in self._events):  # another seat's private event: as ``seat`` saw it
            new._events = [e if e[5] is None or e[5] == seat else (*e[:3], e[6], e[4], None, None)
                           for e in self._events if e[5] is None or e[5] == seat or e[6] is not None]
        new._legal_cache = None
        new._result = None
        return new

    def seen_as(self, seat: int, action: str, viewer: int | None) -> str:
        """``seat``'s ``action`` as ``viewer`` sees it in its view's history (``exchange 2`` for
        another seat's ``exchange 7H 2C``); search trees key other seats' actions by it."""
        return action if viewer == seat else self._redact(seat, action, viewer)

    def card_locations(self) -> list[int]:
        """Every card index in every zone, repeats included (a conserved deal lists each once)."""
        return [c for m in self._zones().values() for c in bits(m)]

    def hidden_from(self, seat: int | None) -> int:
        """Mask of the cards ``seat`` (``None``: a spectator) may not see."""
        if seat is not None and (seat.__class__ is not int or not 0 <= seat < self.players):
            problem = self.seat_problem(seat)
            if problem is not None:
                raise RulesError(problem)
        out = 0
        for z in self._hidden_zones(seat):  # type: ignore[arg-type]
            out |= z.cards & ~z.fixed
        return out

    def visible_to(self, seat: int | None) -> int:
        """Mask of the cards ``seat`` may see."""
        return self.pack.full & ~self.hidden_from(seat)

    def record(self) -> dict[str, Any]:
        """Everything needed to replay this deal: game, options, pack order, dealer, actions (and the seats'
        names where they are not the plain ones); :meth:`Game.replay` and ``cardtable.replay`` read it
        (:mod:`.records`)."""
        return record_of(self)

    def __repr__(self) -> str:
        return (f"<{self.game.id} deal: dealer {self.dealer}, phase {self.phase}, "
                f"turn {self.turn}, {len(self.history)} actions>")

    # ------------------------------------------------------------- helpers
    def next_seat(self, seat: int, step: int = 1) -> int:
        """The seat ``step`` places on in the direction of play."""
        return (seat + self.direction * step) % self.players

    def card_codes(self, mask: int) -> list[str]:
        """Codes of a mask in display order."""
        return list(self.pack.display_codes(mask))

    def find_card(self, code: str, mask: int) -> int:
        """The physical card with ``code`` inside ``mask`` (the action was checked legal)."""
        for c in self.pack.cards_with(code):
            if mask >> c & 1:
                return c
        found = self.pack.parse_in(code, mask)
        if found is None:
            raise IllegalAction(_("{code} is not there", code=code))
        return found

    def cards_in(self, words: Iterable[str], mask: int) -> int:
        """Mask of the physical cards named by ``words`` inside ``mask`` (repeats take copies)."""
        out = 0
        for w in words:
            c = self.pack.parse_in(w, mask & ~out)
            if c is None:
                raise IllegalAction(_("{player} is not there", player=w))
            out |= 1 << c
        return out
