"""A variant's rules text states only what differs from its base game's: the composition of the two.

A rules text is Markdown: a title (``# Name``), an opening (what the game is) and sections (``## Heading``).
A variant's text names its base on the line after its title, ``<!-- base: GAME-ID -->``, and then holds only
its own title and opening and the sections that differ:

- a section with a heading of the base's **replaces** that section;
- a section marked ``<!-- more -->`` under its heading is **added to the end** of the base's section of that
  heading (an option of the variant's own below the base's options, a source of its own);
- a section marked ``<!-- dropped -->`` is left out;
- a new section goes **after** the base's section named by ``<!-- after: Heading -->``, else before the base's
  last section (its sources and decisions).

The base may itself be a variant (it is composed first). The markers never reach a reader.

>>> base = ("# Nap\\n\\nA game.\\n\\n## The deal\\n\\nFive each.\\n\\n## Options\\n\\n- peep\\n\\n"
...         "## Sources\\n\\nBooks.\\n")
>>> variant = ("# Seven-Card Nap\\n<!-- base: nap -->\\n\\nNap with seven.\\n\\n## The deal\\n\\nSeven each.\\n\\n"
...            "## Options\\n<!-- more -->\\n\\n- seven players\\n\\n"
...            "## The ladder\\n<!-- after: The deal -->\\n\\nUp to seven.\\n")
>>> print(compose(variant, {"nap": base}.__getitem__))
# Seven-Card Nap
<BLANKLINE>
Nap with seven.
<BLANKLINE>
## The deal
<BLANKLINE>
Seven each.
<BLANKLINE>
## The ladder
<BLANKLINE>
Up to seven.
<BLANKLINE>
## Options
<BLANKLINE>
- peep
- seven players
<BLANKLINE>
## Sources
<BLANKLINE>
Books.
<BLANKLINE>
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..errors import RulesError

__all__ = ["base_of", "compose"]

_BASE = re.compile(r"^<!--\s*base:\s*([a-z0-9-]+)\s*-->\s*$", re.M)
_MARK = re.compile(r"^<!--\s*(more|dropped|after:\s*(.+?))\s*-->\s*$")


def base_of(text: str) -> str | None:
    """The id of the game whose rules text this one builds on, or None for a text that stands alone."""
    head = text.split("\n## ", 1)[0]
    m = _BASE.search(head)
    return m.group(1) if m else None


def _split(text: str) -> tuple[str, list[tuple[str, str]]]:
    """The opening (title included) and the sections, each (heading, body with its leading newline)."""
    parts = re.split(r"^## (.+)$", text, flags=re.M)
    opening, rest = parts[0], parts[1:]
    return opening, [(rest[i].strip(), rest[i + 1]) for i in range(0, len(rest), 2)]


def _join(opening: str, sections: list[tuple[str, str]]) -> str:
    parts = [opening.strip("\n")] + [f"## {h}\n\n{body.strip(chr(10))}" for h, body in sections]
    return "\n\n".join(parts) + "\n"


def _more(base: str, more: str) -> str:
    """A base's section with more at its end: a list goes on as one list, anything else as a new paragraph."""
    kept = base.rstrip("\n")
    added = more.strip("\n")
    gap = "\n" if kept.rsplit("\n", 1)[-1].startswith(("- ", "  ")) and added.startswith("- ") else "\n\n"
    return kept + gap + added + base[len(kept):]


def compose(text: str, load: Callable[[str], str], _seen: tuple[str, ...] = ()) -> str:
    """The whole rules text: ``text`` itself when it names no base, else its base's (read by ``load(id)``,
    itself composed) with this text's opening and sections put in as the module's docstring says."""
    base_id = base_of(text)
    if base_id is None:
        return text
    if base_id in _seen:
        raise RulesError(f"the rules texts build on one another in a circle: {' → '.join((*_seen, base_id))}")
    base = compose(load(base_id), load, (*_seen, base_id))
    opening, own = _split(_BASE.sub("", text, count=1).replace("\n\n\n", "\n\n", 1))
    _base_opening, sections = _split(base)
    headings = [h for h, _ in sections]
    for heading, body in own:
        lines = body.split("\n")
        mark = _MARK.match(lines[1].strip()) if len(lines) > 1 else None
        if mark is not None:
            body = "\n".join(lines[:1] + lines[2:])
        kind = mark.group(1).split(":")[0] if mark else "replace"
        if heading in headings:
            i = headings.index(heading)
            if kind == "dropped":
                del sections[i], headings[i]
            elif kind == "more":
                sections[i] = (heading, _more(sections[i][1], body))
            else:
                sections[i] = (heading, body)
            continue
        if kind in ("more", "dropped"):
            raise RulesError(f"the rules text adds to or drops a section its base has not: {heading!r}")
        after = mark.group(2).strip() if mark is not None and mark.group(2) else None
        if after is not None and after not in headings:
            raise RulesError(f"the rules text puts {heading!r} after a section its base has not: {after!r}")
        at = headings.index(after) + 1 if after is not None else max(len(sections) - 1, 0)
        sections.insert(at, (heading, body))
        headings.insert(at, heading)
    return _join(opening, sections)
