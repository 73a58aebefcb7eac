"""A player's devices and one-time sign-in links, stored beside the players (issue 27).

Each browser a player uses holds a token of its own: a row of `devices` with the token's SHA-256 (never the token),
so one device is signed out (`revoked`) without the others. A sign-in link carries a random code; only the code's
hash is stored, with its expiry, and the first exchange marks it used, in one conditional UPDATE that two
exchanges at once cannot both win. Times are the caller's wall clock (seconds since the epoch), so tests move it.

A database made before devices existed keeps each player's one token in `players.token_hash`: `prepare` makes it
that player's first device when the server starts, and clears the column, so the token goes on working.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import time
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Column, Float, MetaData, String, Table, column, delete, func, insert, select, table, update
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from presidente.server.table import Player

metadata = MetaData()

devices = Table(
    "devices",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("player_id", String(64), nullable=False, index=True),
    Column("token_hash", String(64), nullable=False, unique=True),
    # What the page shows to tell devices apart, read from the browser's User-Agent when the device was added
    # (null for a player's first token from before devices, and for an agent not recognised).
    Column("browser", String(40), nullable=True),
    Column("system", String(40), nullable=True),
    Column("created", Float, nullable=False),
    Column("revoked", Float, nullable=True),
)

device_links = Table(
    "device_links",
    metadata,
    Column("code_hash", String(64), primary_key=True),
    Column("player_id", String(64), nullable=False, index=True),
    Column("expires", Float, nullable=False),
    Column("used", Float, nullable=True),
)

# The players table as far as the first devices need it (storage.py declares it whole).
_players = table("players", column("id"), column("name"), column("token_hash"), column("created"))

LINK_LIFETIME = 600.0  # seconds a sign-in link may be opened
# A link is kept this long past its expiry, so that opening it says "expired" or "used" rather than "unknown".
LINK_KEPT = 86_400.0
MAX_DEVICES = 20  # devices signed in for one player at once
# A token is asked of the database again after this many seconds, and the table connections of this process are
# checked as often (`Devices.sweep`): a device signed out by another process of a cluster is refused here, and its
# connections closed, within this time (at once in the process that signed it out).
TOKEN_RECHECK = 10.0
READ_AT_ONCE = 500  # token hashes asked in one query (each a bound parameter)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class Device:
    """A token's device: its player, and whether the device was signed out."""

    player: Player
    id: str
    revoked: bool


class LinkRefused(Exception):
    """A sign-in link that signs nobody in: `code` is `device_link_unknown`, `_used` or `_expired`."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


class DeviceStore:
    """The devices' rows, on storage's engine; `guarded` is storage's fault guard (`Storage._guarded`)."""

    def __init__(self, engine: AsyncEngine, guarded: Callable[..., AbstractAsyncContextManager[None]]) -> None:
        self.engine = engine
        self._guarded = guarded
        # Known tokens by hash: the device and when it was read (time.monotonic), asked again after TOKEN_RECHECK.
        self._known: dict[str, tuple[Device, float]] = {}

    # ------------------------------------------------------------------------------------------- tokens

    async def device(self, token: str) -> Device | None:
        """The device holding `token`, signed out or not; None for a token no device ever held."""
        key = token_hash(token)
        known = self._known.get(key)
        if known is not None and time.monotonic() - known[1] < TOKEN_RECHECK:
            return known[0]
        query = (
            select(devices.c.id, devices.c.revoked, _players.c.id.label("player_id"), _players.c.name)
            .join(_players, _players.c.id == devices.c.player_id)
            .where(devices.c.token_hash == key)
        )
        async with self._guarded(writes=False), self.engine.connect() as conn:
            row = (await conn.execute(query)).first()
        if row is None:
            self._known.pop(key, None)
            return None
        found = Device(Player(row.player_id, row.name), row.id, row.revoked is not None)
        if found.revoked:
            self._known.pop(key, None)
        else:
            self._known[key] = (found, time.monotonic())
        return found

    async def player_by_token(self, token: str) -> Player | None:
        """The player of a device that is signed in with `token`; None for a signed-out or unknown token."""
        found = await self.device(token)
        return None if found is None or found.revoked else found.player

    def remember(self, token: str, player: Player, device_id: str) -> None:
        self._known[token_hash(token)] = (Device(player, device_id, False), time.monotonic())

    def renamed(self, player: Player) -> None:
        """A player's new name, for its devices known here."""
        for key, (known, at) in list(self._known.items()):
            if known.player.id == player.id:
                self._known[key] = (Device(player, known.id, known.revoked), at)

    # ------------------------------------------------------------------------------------------- devices

    async def of_player(self, player_id: str) -> list[dict[str, Any]]:
        """The player's signed-in devices, oldest first: id, browser, system, created."""
        query = (
            select(devices.c.id, devices.c.browser, devices.c.system, devices.c.created)
            .where(devices.c.player_id == player_id, devices.c.revoked.is_(None))
            .order_by(devices.c.created, devices.c.id)
        )
        async with self._guarded(writes=False), self.engine.connect() as conn:
            return [dict(row._mapping) for row in await conn.execute(query)]

    async def revoke(self, player_id: str, device_id: str, now: float) -> str | None:
        """Sign a device of the player out: its token is refused from now on. Returns its token's hash, None when the
        player has no such device signed in."""
        async with self._guarded(), self.engine.begin() as conn:
            row = (
                await conn.execute(
                    select(devices.c.token_hash).where(
                        devices.c.id == device_id, devices.c.player_id == player_id, devices.c.revoked.is_(None)
                    )
                )
            ).first()
            if row is None:
                return None
            await conn.execute(update(devices).where(devices.c.id == device_id).values(revoked=now))
        self._known.pop(row.token_hash, None)
        return str(row.token_hash)

    async def revoked_among(self, hashes: list[str]) -> set[str]:
        """Of these token hashes, those whose device is signed out (forgotten here too)."""
        revoked: set[str] = set()
        async with self._guarded(writes=False), self.engine.connect() as conn:
            for start in range(0, len(hashes), READ_AT_ONCE):
                chunk = hashes[start : start + READ_AT_ONCE]
                query = select(devices.c.token_hash).where(
                    devices.c.token_hash.in_(chunk), devices.c.revoked.is_not(None)
                )
                revoked.update(str(key) for key in (await conn.execute(query)).scalars())
        for key in revoked:
            self._known.pop(key, None)
        return revoked

    # ------------------------------------------------------------------------------------------- links

    async def new_link(self, player_id: str, now: float) -> str | None:
        """A new one-time code signing a device in as the player until now + LINK_LIFETIME; the player's earlier
        unused links stop working. None when the player has MAX_DEVICES devices signed in already."""
        code = secrets.token_urlsafe(24)
        async with self._guarded(), self.engine.begin() as conn:
            count = (
                await conn.execute(
                    select(func.count())
                    .select_from(devices)
                    .where(devices.c.player_id == player_id, devices.c.revoked.is_(None))
                )
            ).scalar_one()
            if count >= MAX_DEVICES:
                return None
            await conn.execute(delete(device_links).where(device_links.c.expires < now - LINK_KEPT))
            await conn.execute(
                delete(device_links).where(device_links.c.player_id == player_id, device_links.c.used.is_(None))
            )
            await conn.execute(
                insert(device_links).values(
                    code_hash=token_hash(code), player_id=player_id, expires=now + LINK_LIFETIME
                )
            )
        return code

    async def claim(self, code: str, agent: str, now: float) -> tuple[Player, str]:
        """Exchange a link's code for a new device of its player: the player and the device's token. Raises
        `LinkRefused` for a code that is unknown, used already or expired."""
        key = token_hash(code)
        token = secrets.token_urlsafe(24)
        async with self._guarded(), self.engine.begin() as conn:
            link = (
                await conn.execute(
                    select(device_links.c.player_id, device_links.c.expires, device_links.c.used).where(
                        device_links.c.code_hash == key
                    )
                )
            ).first()
            if link is None:
                raise LinkRefused("device_link_unknown")
            if link.used is not None:
                raise LinkRefused("device_link_used")
            if now >= link.expires:
                raise LinkRefused("device_link_expired")
            taken = await conn.execute(
                update(device_links)
                .where(device_links.c.code_hash == key, device_links.c.used.is_(None))
                .values(used=now)
            )
            if taken.rowcount != 1:  # another exchange of the same code won
                raise LinkRefused("device_link_used")
            name = (await conn.execute(select(_players.c.name).where(_players.c.id == link.player_id))).scalar_one()
            player = Player(link.player_id, name)
            device_id = await add_device(conn, player.id, token, agent, now)
        self.remember(token, player, device_id)
        return player, token


async def add_device(conn: AsyncConnection, player_id: str, token: str, agent: str, now: float) -> str:
    """Store a new device of the player holding `token` (its hash), in the caller's transaction; returns its id."""
    browser, system = agent_kind(agent)
    device_id = secrets.token_hex(8)
    await conn.execute(
        insert(devices).values(
            id=device_id,
            player_id=player_id,
            token_hash=token_hash(token),
            browser=browser,
            system=system,
            created=now,
        )
    )
    return device_id


def prepare(conn: Connection) -> None:
    """Make the devices' tables, and each player's token from before devices its first device (then cleared)."""
    metadata.create_all(conn)
    first = select(_players.c.id, _players.c.token_hash, _players.c.created).where(_players.c.token_hash.is_not(None))
    rows = conn.execute(first).all()
    for start in range(0, len(rows), 1000):
        conn.execute(
            insert(devices),
            [
                {"id": secrets.token_hex(8), "player_id": row.id, "token_hash": row.token_hash, "created": row.created}
                for row in rows[start : start + 1000]
            ],
        )
    if rows:
        conn.execute(update(_players).where(_players.c.token_hash.is_not(None)).values(token_hash=None))


# Browsers and systems by a word of their User-Agent, the first that matches (Edge and Opera say "Chrome" too).
_BROWSERS = [
    ("Edge", r"Edg(e|A|iOS)?/"),
    ("Opera", r"OPR/|Opera"),
    ("Samsung Internet", r"SamsungBrowser/"),
    ("Firefox", r"Firefox/|FxiOS/"),
    ("Chrome", r"Chrome/|CriOS/|Chromium/"),
    ("Safari", r"Safari/"),
]
_SYSTEMS = [
    ("Android", r"Android"),
    ("iOS", r"iPhone|iPad|iPod"),
    ("Windows", r"Windows"),
    ("ChromeOS", r"CrOS"),
    ("macOS", r"Mac OS X|Macintosh"),
    ("Linux", r"Linux|X11"),
]


def agent_kind(agent: str) -> tuple[str | None, str | None]:
    """The browser and system a User-Agent names, for the list of devices ("Firefox", "Android"); None if unknown."""
    agent = agent[:500]
    browser = next((name for name, pattern in _BROWSERS if re.search(pattern, agent)), None)
    system = next((name for name, pattern in _SYSTEMS if re.search(pattern, agent)), None)
    return browser, system
