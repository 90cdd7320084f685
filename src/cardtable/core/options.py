"""Options: each declared once (name, type, default, allowed values, doc, source), validated once.

>>> spec = Option("misery", bool, False, doc="allow the Misery declaration")
>>> opts = Options.build((spec,), {"misery": True}, game="nap")
>>> opts.misery
True
>>> Options.build((spec,), {"misery": "maybe"}, game="nap")
Traceback (most recent call last):
...
cardtable.errors.RulesError: nap: option misery must be true or false, not 'maybe'
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from ..errors import RulesError
from .i18n import _

__all__ = ["Option", "Options"]


@dataclass(frozen=True)
class Option:
    """One rule switch of a game.

    ``allowed`` lists the legal values of a choice option; for an int option it may be
    a ``range``. ``source`` names the seed sentence or the rule resolution it comes from.
    """

    name: str
    type: type
    default: Any
    allowed: Sequence[Any] | range | None = None
    doc: str = ""
    source: str = ""

    def __post_init__(self) -> None:
        if self.type not in (bool, int, str):
            raise TypeError(f"option {self.name}: type must be bool, int or str")

    def describe_allowed(self) -> str:
        """The allowed values in words."""
        if self.type is bool:
            return _("true or false")
        if isinstance(self.allowed, range):
            r = self.allowed
            if r.step != 1:
                return _("a whole number from {start} to {end} in steps of {step}", start=r.start, end=r[-1],
                         step=r.step)
            return _("a whole number from {start} to {end}", start=r.start, end=r.stop - 1)
        if self.allowed is not None:
            return _("one of {values}", values=", ".join(repr(a) for a in self.allowed))
        return _("a whole number") if self.type is int else _("text")

    def _refused(self, value: Any, game: str) -> RulesError:
        return RulesError(_("{game}: option {option} must be {allowed}, not {given}", game=game, option=self.name,
                            allowed=self.describe_allowed(), given=repr(value)))

    def validate(self, value: Any, game: str) -> Any:
        """Return the value converted to the option's type, or raise :class:`RulesError`."""
        v = value
        if self.type is bool:
            if isinstance(v, str) and v.lower() in ("true", "yes", "on", "1", "false", "no", "off", "0"):
                v = v.lower() in ("true", "yes", "on", "1")
            if not isinstance(v, bool):
                raise RulesError(_("{game}: option {option} must be true or false, not {given}", game=game,
                                   option=self.name, given=repr(value)))
        elif self.type is int:
            if isinstance(v, str):
                with contextlib.suppress(ValueError):
                    v = int(v)
            if not isinstance(v, int) or isinstance(v, bool):
                raise self._refused(value, game)
        elif not isinstance(v, str):
            raise self._refused(value, game)
        if self.allowed is not None and v not in self.allowed:
            raise self._refused(value, game)
        return v


@dataclass(frozen=True)
class Options:
    """A frozen, validated set of option values, read as attributes (``opts.misery``).

    ``values`` are the options players may choose; ``fixed`` the rules a variant fixes where its relatives
    let players choose (read the same way, never set by players, not part of a record).

    >>> o = Options.build((Option("ante", int, 3),), {"ante": "6"}, "loo", fixed={"lead_rule": "trump"})
    >>> o.ante, o.lead_rule, o.as_dict(), hash(o) == hash(Options.build((Option("ante", int, 3),), {"ante": 6},
    ...                                                                  "loo", fixed={"lead_rule": "trump"}))
    (6, 'trump', {'ante': 6}, True)
    """

    values: Mapping[str, Any] = field(default_factory=dict)
    fixed: Mapping[str, Any] = field(default_factory=dict)

    def __getattr__(self, name: str) -> Any:
        d = self.__dict__
        if name in d["values"]:
            return d["values"][name]
        try:
            return d["fixed"][name]
        except KeyError:
            raise AttributeError(name) from None

    def __hash__(self) -> int:
        return hash((tuple(sorted(self.values.items())), tuple(sorted(self.fixed.items()))))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_options, (dict(self.values), dict(self.fixed)))

    def as_dict(self) -> dict[str, Any]:
        """A plain copy of the chosen values (what a record keeps)."""
        return dict(self.values)

    @classmethod
    def build(cls, specs: Iterable[Option], given: Mapping[str, Any], game: str,
              fixed: Mapping[str, Any] | None = None) -> Options:
        """Validate ``given`` against ``specs`` and fill in defaults."""
        specs = list(specs)
        by_name = {o.name: o for o in specs}
        for name in given:
            if name not in by_name:
                allowed = ", ".join(sorted(by_name)) or _("none")
                raise RulesError(_("{game}: unknown option {option}; options are: {options}", game=game,
                                   option=repr(name), options=allowed))
        values = {o.name: o.validate(given[o.name], game) if o.name in given else o.default for o in specs}
        clash = set(fixed or ()) & set(values)
        if clash:
            raise RulesError(f"{game}: {', '.join(sorted(clash))} cannot be both an option and a fixed rule")
        return cls(MappingProxyType(values), MappingProxyType(dict(fixed or {})))


def _options(values: dict[str, Any], fixed: dict[str, Any]) -> Options:
    """Unpickle :class:`Options`."""
    return Options(MappingProxyType(values), MappingProxyType(fixed))
