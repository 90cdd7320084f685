"""A stable, finite action vocabulary for every game, and exact masks, without knowing any game's rules.

An action text is split into tokens — words, numbers, card codes (``"exchange 5H 2C"`` → ``exchange``, ``5H``,
``2C``; ``"meld 7H 7D JK=7S"`` → ``meld``, ``7H``, ``7D``, ``JK``, ``=``, ``7S``). The vocabulary of a game is
``<end>``, every card code of its pack, the numbers 0–300 and ``=``, and every word its actions use, found by
seeded random playouts when the vocabulary is built (a word outside it raises a clear error, never a silent
substitution). An agent enters an action token by token: at each step the mask allows exactly the tokens that
extend the prefix towards some legal action (a prefix tree of ``legal()``), plus ``<end>`` when the prefix is
itself a legal action that others extend; an action with no longer extension is applied as soon as it is
complete. This adds no rule: the masks come from ``legal()`` alone.

>>> v = vocabulary("nap", 4, ())
>>> [v.tokens[i] for i in v.encode("exchange 5H 2C")]
['exchange', '5H', '2C']
"""

from __future__ import annotations

import random
import sys
from functools import cache
from pathlib import Path
from typing import Any

import cardtable as ct
from cardtable.core.cards import JOKER, RANKS, SUITS

__all__ = ["END", "ActionEntry", "FlatEntry", "Vocabulary", "card_order", "make_entry", "tokenize", "vocabulary"]

END = "<end>"


def tokenize(action: str) -> list[str]:
    """The tokens of an action text.

    >>> tokenize("meld 7H 7D JK=7S")
    ['meld', '7H', '7D', 'JK', '=', '7S']
    """
    out: list[str] = []
    for word in action.split():
        if "=" in word:
            left, _, right = word.partition("=")
            out += [left, "=", right]
        else:
            out.append(word)
    return out


def detokenize(tokens: list[str]) -> str:
    """The action text of a token list (inverse of :func:`tokenize`)."""
    out: list[str] = []
    i = 0
    while i < len(tokens):
        if i + 2 < len(tokens) and tokens[i + 1] == "=":
            out.append(tokens[i] + "=" + tokens[i + 2])
            i += 3
        else:
            out.append(tokens[i])
            i += 1
    return " ".join(out)


class Vocabulary:
    """Token ids of one game configuration."""

    def __init__(self, game_id: str, tokens: list[str], codes: list[str] | None = None) -> None:
        self.game_id = game_id
        self.tokens = tokens
        self.index = {t: i for i, t in enumerate(tokens)}
        self.codes = codes if codes is not None else [t for t in tokens if len(t) == 2 and t.isupper()]
        """The card codes of the pack, in vocabulary order."""

    key: tuple[Any, ...] | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        return (vocabulary, self.key) if self.key else super().__reduce__()

    def __len__(self) -> int:
        return len(self.tokens)

    def id(self, token: str) -> int:
        """The id of a token; a clear error for a token outside the vocabulary."""
        try:
            return self.index[token]
        except KeyError:
            raise ValueError(f"{self.game_id}: token {token!r} is not in the action vocabulary "
                             f"({len(self.tokens)} tokens)") from None

    def encode(self, action: str) -> list[int]:
        """Token ids of an action text."""
        return [self.id(t) for t in tokenize(action)]


def _option_variants(game_id: str, players: int, options: dict[str, Any]) -> list[dict[str, Any]]:
    """The given options, and each boolean/choice option flipped, for word discovery."""
    out = [dict(options)]
    for o in ct.game_info(game_id).options:
        if o.name in options or o.name == "claims":  # a claim is judged when made: random play would be refused
            continue
        values: list[Any] = [not o.default] if o.type is bool else \
            [v for v in (o.allowed or []) if v != o.default and not isinstance(o.allowed, range)]
        for v in values[:3]:
            try:
                ct.load(game_id, players=players, **{**options, o.name: v})
            except ct.RulesError:
                continue
            out.append({**options, o.name: v})
    return out


@cache
def _module_words(module_name: str) -> frozenset[str]:
    """Lower-case words in the string constants of a game module (docstrings excluded): a superset of its
    action words, so that a rare word random play never reached still has a token."""
    import ast
    import importlib.resources
    import re

    package, _, leaf = module_name.rpartition(".")
    # The source file itself: the module may run compiled (setup.py), with no source to inspect.
    source: Any = importlib.resources.files(package).joinpath(f"{leaf}.py")
    own = getattr(sys.modules.get(module_name), "__file__", None)
    if not source.is_file() and own and own.endswith(".py"):  # a game module kept outside the package
        source = Path(own)
    tree = ast.parse(source.read_text(encoding="utf-8"))
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef) and node.body and \
                isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant):
            docs.add(id(node.body[0].value))
    words: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs \
                and len(node.value) < 80:
            words.update(re.findall(r"(?<![A-Za-z])[a-z][a-z-]*(?![A-Za-z])", node.value))
    return frozenset(words)


def card_order(code: str) -> tuple[bool, int, int]:
    """The canonical order of card codes: suits in the engine's suit order (S H D C), ranks ace high, the
    joker last."""
    return code == JOKER, SUITS.find(code[-1]), -RANKS.find(code[0])


def _family_modules(module_name: str) -> list[str]:
    """The modules holding a game's words: its own module, or every module of its family's package (a variant's
    words may be in the family's base or its shared contracts)."""
    import importlib.resources

    parts = module_name.split(".")
    if len(parts) <= 3:  # cardtable.games.<family module>
        return [module_name]
    package = ".".join(parts[:3])
    return sorted(f"{package}.{f.name[:-3]}" for f in importlib.resources.files(package).iterdir()
                  if f.name.endswith(".py"))


@cache
def vocabulary(game_id: str, players: int, options: tuple[tuple[str, Any], ...], deals: int = 60) -> Vocabulary:
    """The vocabulary of a game configuration (cached): cards, numbers, ``=``, and discovered words."""
    game = ct.load(game_id, players=players, **dict(options))
    codes = sorted(set(game.pack.code_of), key=card_order)
    words: set[str] = set()
    rng = random.Random(12345)
    for variant in _option_variants(game_id, players, dict(options)):
        g = ct.load(game_id, players=players, **variant)
        for i in range(deals):
            d = g.deal(seed=i, dealer=i % players)
            steps = 0
            while not d.over and steps < 2000:
                legal = d.legal()
                for a in legal:
                    words.update(tokenize(a))
                d.act(rng.choice(d.legal(claims=False)))  # words of a claim are seen, not tried
                steps += 1
    for module in _family_modules(game.variant.__module__):  # the game's module, or its family's package
        words |= _module_words(module)
    for core in ("auction", "deal", "layouts", "melds", "pools", "tricks"):
        words |= _module_words(f"cardtable.core.{core}")
    numbers = [str(k) for k in range(301)]
    fixed = set(codes) | set(numbers) | {"=", END}
    extra = sorted(w for w in words if w not in fixed)
    vocab = Vocabulary(game_id, [END, *codes, "=", *numbers, *extra], codes)
    vocab.key = (game_id, players, options, deals)
    return vocab


class ActionEntry:
    """Token-by-token entry of one action from the legal list of a deal."""

    def __init__(self, vocab: Vocabulary) -> None:
        self.vocab = vocab
        self.prefix: list[str] = []
        self._legal: list[list[str]] | None = None

    def reset(self, legal: list[str]) -> None:
        """Start entering an action chosen from ``legal``."""
        self.prefix = []
        self._legal = [tokenize(a) for a in legal]

    def _candidates(self) -> list[list[str]]:
        assert self._legal is not None
        n = len(self.prefix)
        return [t for t in self._legal if t[:n] == self.prefix]

    def allowed(self) -> list[int]:
        """Token ids allowed next."""
        n = len(self.prefix)
        ids = set()
        for t in self._candidates():
            if len(t) > n:
                ids.add(self.vocab.id(t[n]))
            elif len(t) == n:
                ids.add(self.vocab.id(END))
        return sorted(ids)

    def push(self, token_id: int) -> str | None:
        """Add a token; returns the complete action text once it is decided, else None."""
        if token_id not in self.allowed():
            allowed = [self.vocab.tokens[i] for i in self.allowed()]
            token = self.vocab.tokens[token_id] if 0 <= token_id < len(self.vocab) else token_id
            raise ValueError(f"action token {token!r} is not legal after {self.prefix or 'nothing'}; "
                             f"allowed: {allowed}")
        token = self.vocab.tokens[token_id]
        if token == END:
            return detokenize(self.prefix)
        self.prefix.append(token)
        cands = self._candidates()
        n = len(self.prefix)
        if len(cands) == 1 and len(cands[0]) == n:
            return detokenize(self.prefix)
        return None


class FlatEntry:
    """Complete actions by their flat ids (:mod:`cardtable.rl.flat`): the same interface as
    :class:`ActionEntry`, where every push completes an action."""

    prefix: list[str] = []  # never a half-entered action

    def __init__(self, flat: Any) -> None:
        self.flat = flat
        self._known = flat._ids.__getitem__  # the ids already worked out (flat.ids adds the new ones)
        self._legal: list[str] = []
        self._ids: list[int] = []
        self._sorted: list[int] = []

    def reset(self, legal: list[str]) -> None:
        """Start choosing among ``legal``."""
        self._legal = legal
        try:  # every action seen before (the usual case): one lookup each, in C
            self._ids = list(map(self._known, legal))
        except KeyError:
            self._ids = self.flat.ids(legal)
        self._sorted = sorted(self._ids)

    def allowed(self) -> list[int]:
        """The ids of the legal actions, ascending."""
        return self._sorted

    def ids(self) -> list[int]:
        """The ids of the legal actions, in the order of ``legal()``."""
        return self._ids

    def push(self, action_id: int) -> str:
        """The action text of a legal id; a clear error (``ValueError``) for any other."""
        try:
            return self._legal[self._ids.index(action_id)]
        except ValueError:
            name = self.flat.text(action_id) if 0 <= action_id < self.flat.n else "outside the action space"
            allowed = ", ".join(f"{i} ({self._legal[k]})" for k, i in enumerate(self._ids))
            raise ValueError(f"action {action_id} ({name}) is not legal now; allowed: {allowed}") from None


def make_entry(mode: str, game: Any, vocab: Vocabulary) -> ActionEntry | FlatEntry:
    """The action entry of a mode: ``"tokens"`` or ``"flat"`` (a clear error where a game has no flat space)."""
    if mode == "tokens":
        return ActionEntry(vocab)
    if mode == "flat":
        from .flat import flat_actions

        return FlatEntry(flat_actions(game.id, tuple(sorted(game.options.as_dict().items()))))
    raise ValueError(f"actions must be 'tokens' or 'flat', not {mode!r}")
