"""Play together from several terminals: ``flight-tui serve`` and ``flight-tui join``.

``service``: the table service, which holds every table and talks to each connected app over a
local socket (``protocol``). ``ssh``: the SSH front that gives each connection the app in its
own pseudo-terminal. ``client``, ``remote``, ``lobby``: the app that joins the service (the
lobby and a table whose game lives in the service). See docs/serve.md.
"""
