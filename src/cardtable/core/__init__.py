"""Shared mechanics, written once: cards and packs, dealing, tricks, auctions, layouts, chips, deals, matches.

The core never imports a game, a bot or an edge (cli, web, rl).
"""

from . import (
    auction,
    cards,
    chips,
    compiled,
    deal,
    dealing,
    fair,
    game,
    kernel,
    layouts,
    match,
    melds,
    options,
    phases,
    pools,
    records,
    sampling,
    tricks,
    views,
    words,
)

__all__ = [
    "auction", "cards", "chips", "compiled", "deal", "dealing", "fair", "game", "kernel", "layouts", "match", "melds",
    "options", "phases", "pools", "records", "sampling", "tricks", "views", "words",
]
