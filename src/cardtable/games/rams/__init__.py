"""The Rams family: Rams, Rounce, Bierspiel, Mauscheln (Mousel), Julepe and Norrlandsknack.

Source: seed ``002_306a4d5946fe0cd1.txt`` (David Parlett, *Penguin Book of Card Games*), with the gaps
resolved in ``docs/decisions.md`` (the shared trick obligations, L3-GAP-4/5; Julepe, JU-GAP-*; Rams,
RA-GAP-*; Mauscheln, MA-GAP-*; Norrlandsknack,
NK-GAP-*).

The family: "enter or pass, then win tricks for a share of the pool". Five cards each (four in
Mauscheln), the next card turned for trumps; each player in turn passes (drops out) or plays, and the
players in share the pool by tricks, paying when they fall short. Each game's class docstring traces its
rules to the seed and to every decision the seed does not make; the players' text is ``games/rules/<id>.md``.

Each game is one class (:class:`Rams`, :class:`Rounce`, :class:`Bierspiel`, :class:`Mauscheln`,
:class:`Julepe`, :class:`Norrlandsknack`): its declaration as class attributes, its phases with one
checker each, and the hooks of the core (see docs/developing.md).

Modules: :mod:`.base` (the family's base class), :mod:`.rams` (Rams, Rounce, Bierspiel),
:mod:`.mauscheln`, :mod:`.julepe`, :mod:`.knack` (Norrlandsknack). The deals build on the core's
:class:`~cardtable.core.pools.PoolDeal` (pool, turn-up, exchanges, restocking, hidden zones) and
:class:`~cardtable.core.tricks.TrickRules` ("follow suit and head the trick if possible; trump and
overtrump if unable to follow; renounce only if unable to do either").

>>> import cardtable as ct
>>> d = ct.load("rams", players=3).deal(seed=1)
>>> d.turn, d.legal(), d.label("take"), d.status(None)
(1, ['play', 'take', 'rams'], 'Take the spare hand', 'the pool holds only five: nobody may pass')
"""

from __future__ import annotations

from .julepe import Julepe
from .knack import Norrlandsknack
from .mauscheln import Mauscheln
from .rams import Bierspiel, Rams, Rounce

__all__ = ["GAMES", "Bierspiel", "Julepe", "Mauscheln", "Norrlandsknack", "Rams", "Rounce"]

GAMES = (Rams, Rounce, Bierspiel, Mauscheln, Julepe, Norrlandsknack)
