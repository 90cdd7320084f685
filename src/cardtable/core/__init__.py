"""Shared mechanics, written once: cards and packs, dealing, tricks, auctions, chips, deals, matches.

The core never imports a game, a bot or an edge (cli, web, rl).
"""

from . import auction, cards, chips, deal, dealing, game, match, options, tricks

__all__ = ["auction", "cards", "chips", "deal", "dealing", "game", "match", "options", "tricks"]
