"""Fair deals: a pack shuffled from a fresh secret key, through a keyed generator that cannot be run backwards.

A seed of a few billion values can be searched from one hand: whoever finds it knows every card. A fair deal
is shuffled from a 256-bit key drawn from the operating system's cryptographic randomness
(:func:`new_key`), through :class:`KeyedRandom`, whose bits are BLAKE2b keyed with the deal's key over a
counter: a pseudo-random function, so the order of one deal tells nothing of its key nor of any other deal's.
The same key always gives the same order (``game.deal(key=...)``), and a record keeps the order itself.

>>> import cardtable as ct
>>> game = ct.load("nap", players=4)
>>> key = bytes(range(32))
>>> game.deal(key=key).record()["deck"] == game.deal(key=key).record()["deck"]
True
>>> len(new_key()), new_key() != new_key()
(32, True)
"""

from __future__ import annotations

import hashlib
import random
import secrets
from typing import Any

from ..errors import RulesError

__all__ = ["KEY_BYTES", "KeyedRandom", "check_key", "new_key"]

KEY_BYTES = 32
"""The length of a deal's key: 256 bits."""

_BLOCK = 64  # bytes of one BLAKE2b output block


def new_key() -> bytes:
    """A fresh deal key: 32 bytes from the operating system's cryptographic randomness."""
    return secrets.token_bytes(KEY_BYTES)


def check_key(key: Any) -> bytes:
    """``key`` if it is a deal key (32 bytes), else :class:`RulesError` saying what a key is."""
    if not isinstance(key, bytes | bytearray) or len(key) != KEY_BYTES:
        got = f"{len(key)} bytes" if isinstance(key, bytes | bytearray) else type(key).__name__
        raise RulesError(f"a deal's key is {KEY_BYTES} bytes (secrets.token_bytes({KEY_BYTES})), not {got}")
    return bytes(key)


class KeyedRandom(random.Random):
    """A ``random.Random`` whose bits are a keyed stream: BLAKE2b(key, counter) in counter mode.

    Every method of ``random.Random`` works on it (they draw from :meth:`getrandbits` and :meth:`random`);
    it is reproducible from its key and, unlike the Mersenne Twister, its outputs do not give its state away.

    >>> a, b = KeyedRandom(bytes(32)), KeyedRandom(bytes(32))
    >>> [a.getrandbits(6) for _ in range(5)] == [b.getrandbits(6) for _ in range(5)]
    True
    >>> 0.0 <= a.random() < 1.0
    True
    """

    def __init__(self, key: bytes) -> None:
        self._key = check_key(key)
        self._counter = 0
        self._buf = b""
        self._pos = 0
        super().__init__(None)  # random.Random.__init__ calls seed(): ours keeps the key

    def seed(self, a: Any = None, version: int = 2) -> None:
        """Restart the stream from the start (the key is fixed when the generator is made)."""
        self._counter, self._buf, self._pos = 0, b"", 0
        self.gauss_next = None

    def _bytes(self, n: int) -> bytes:
        out = bytearray()
        while n > 0:
            if self._pos >= len(self._buf):
                self._buf = hashlib.blake2b(self._counter.to_bytes(16, "big"), key=self._key,
                                            digest_size=_BLOCK, person=b"cardtable deal").digest()
                self._counter += 1
                self._pos = 0
            take = min(n, len(self._buf) - self._pos)
            out += self._buf[self._pos:self._pos + take]
            self._pos += take
            n -= take
        return bytes(out)

    def getrandbits(self, k: int) -> int:
        """``k`` bits of the keyed stream as a non-negative int."""
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        if k == 0:
            return 0
        n = (k + 7) // 8
        return int.from_bytes(self._bytes(n), "big") >> (8 * n - k)

    def random(self) -> float:
        """A float in [0, 1) from 53 bits of the stream."""
        return self.getrandbits(53) / 9007199254740992.0

    def getstate(self) -> tuple[Any, ...]:
        return (self._key, self._counter, self._buf, self._pos, self.gauss_next)

    def setstate(self, state: tuple[Any, ...]) -> None:
        self._key, self._counter, self._buf, self._pos, self.gauss_next = state
