"""The multiplayer server: ASGI app, one actor task per table, a typed JSON protocol, SQL storage.

Needs the `server` extra; the rules engines never import it.
"""
