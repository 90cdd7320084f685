"""The web app (``cardtable serve``): Starlette + WebSockets + SQLite; see :mod:`cardtable.web.app`."""
