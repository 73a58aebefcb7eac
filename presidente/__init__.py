"""Presidente: the President family of card games — rules engines, bots, terminal and server.

`import presidente` stays light: the engines use only the standard library.
"""

__version__ = "0.1.0"
