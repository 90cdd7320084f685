"""Research adapters: PettingZoo (AEC), OpenSpiel (Python games) and Gymnasium (one learning seat).

Install with ``pip install 'cardtable[rl]'``. The adapters use only the public API and add no rule: actions
come from ``legal()``, observations from ``view(seat)``, rewards from ``result()``, determinisations from
``sample()``. The core never imports this package.
"""
