"""Shared mechanics, written once: cards and packs, dealing, tricks, auctions, layouts, chips, deals, matches.

The core never imports a game, a bot or an edge (cli, web, rl).
"""

from . import auction, cards, chips, deal, dealing, game, layouts, match, melds, options, pools, tricks

__all__ = [
    "auction", "cards", "chips", "deal", "dealing", "game", "layouts", "match", "melds", "options", "pools", "tricks",
]
