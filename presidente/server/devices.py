"""Your player on another device (issue 27): a one-time sign-in link and its QR code, the devices signed in, and
signing one out. No password and no e-mail: a device is signed in by a link made on one already signed in.

- `POST /api/me/devices/link` `{"token"}`: a new link, `{base}/device#code=...`, that signs one browser in as the
  token's player, once, within `LINK_LIFETIME` seconds; only the code's hash is stored (`device_store.py`). The code
  travels in the link's fragment, so the server's access log never holds it, and the QR code comes inside the answer.
- `GET /device`: the lobby's page, which exchanges the code (`POST /api/devices/claim` `{"code"}`) for a token of the
  browser's own: `{"id", "name", "token"}`, as `POST /api/players` answers.
- `GET /api/me/devices` (header `x-token`): the player's signed-in devices, the asking one marked `current`.
- `POST /api/me/devices/revoke` `{"token", "device"}`: signs the device out (without `device`: the asking one). Its
  token is refused from then on over HTTP (`device_revoked`) and in a websocket's hello, and the table connections
  it holds in this process are closed with that refusal; every `TOKEN_RECHECK` seconds each process closes those of
  devices signed out elsewhere (another process of a cluster).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from presidente.server import device_store
from presidente.server.device_store import LINK_LIFETIME, MAX_DEVICES, Device, LinkRefused, token_hash
from presidente.server.outbox import Outbox
from presidente.server.refusals import refusal
from presidente.server.storage import Storage, StorageFailing
from presidente.server.table import error_frame_of

TOKEN_LENGTH = 200  # as app.py bounds a player's token
CODE_LENGTH = 100
NO_STORE = {"Cache-Control": "no-store"}
log = logging.getLogger("presidente.server")


class Devices:
    """The routes of a player's devices, and the table connections each device holds in this process (to close
    those of a device signed out). `clock` is the wall clock links expire by (tests move it)."""

    def __init__(
        self,
        storage: Storage,
        read_json: Callable[[Request], Awaitable[dict[str, Any]]],
        page: Callable[[Request], Awaitable[Response]],
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.storage = storage
        self.store = storage.devices
        self.read_json = read_json
        self.page = page
        self.clock = clock
        self._connections: dict[str, set[Outbox]] = {}  # by token hash
        self._sweeper: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self._sweeper = asyncio.create_task(self._sweep_loop(), name="device-sweeper")

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
            self._sweeper = None

    async def _sweep_loop(self) -> None:
        while True:
            await asyncio.sleep(device_store.TOKEN_RECHECK)
            try:
                await self.sweep()
            except StorageFailing:
                pass  # said once in the log by storage; the next sweep asks again
            except Exception:
                log.exception("the sweep of signed-out devices failed")

    async def sweep(self) -> None:
        """Close this process's table connections of devices signed out since (by another process of a cluster)."""
        if self._connections:
            for key in await self.store.revoked_among(list(self._connections)):
                self._close(key)

    def _close(self, key: str) -> None:
        """Tell the table connections of a signed-out device's token (by hash) why, and close them."""
        for outbox in self._connections.pop(key, set()):
            outbox.put_nowait(error_frame_of(0, refusal("device_revoked")))
            outbox.put_nowait(None)  # closed after the refusal

    def routes(self) -> list[Route]:
        return [
            Route("/device", self.page),
            Route("/api/me/devices", self.list_devices),
            Route("/api/me/devices/link", self.new_link, methods=["POST"]),
            Route("/api/me/devices/revoke", self.revoke, methods=["POST"]),
            Route("/api/devices/claim", self.claim, methods=["POST"]),
        ]

    # ------------------------------------------------------------------------------------------- tokens

    async def device_of(self, token: object) -> Device | None:
        if not isinstance(token, str) or not 0 < len(token) <= TOKEN_LENGTH:
            return None
        return await self.store.device(token)

    async def refusal_code(self, token: object) -> str:
        """Why a token names no player: `device_revoked` for a device signed out, else `unknown_token`."""
        found = await self.device_of(token)
        return "device_revoked" if found is not None and found.revoked else "unknown_token"

    async def signed_in(self, token: object) -> Device | JSONResponse:
        """The signed-in device of the token, or the refusal to answer (401)."""
        found = await self.device_of(token)
        if found is None or found.revoked:
            return _refused(await self.refusal_code(token), 401)
        return found

    def watch(self, token: str | None, outbox: Outbox) -> Callable[[], None]:
        """Keep a table connection's outbox under its device, until the returned function is called."""
        if not token:
            return lambda: None
        key = token_hash(token)
        self._connections.setdefault(key, set()).add(outbox)

        def forget() -> None:
            held = self._connections.get(key)
            if held is not None:
                held.discard(outbox)
                if not held:
                    del self._connections[key]

        return forget

    # ------------------------------------------------------------------------------------------- routes

    async def new_link(self, request: Request) -> Response:
        found = await self.signed_in((await self.read_json(request)).get("token"))
        if not isinstance(found, Device):
            return found
        code = await self.store.new_link(found.player.id, self.clock())
        if code is None:
            return _refused("too_many_devices", 409, max=MAX_DEVICES)
        link = f"{request.url.scheme}://{request.url.netloc}/device#code={code}"
        import segno  # the server extra's QR code maker, as for a table's invite

        qr = segno.make(link, error="m").svg_data_uri(scale=6, border=4)
        return JSONResponse({"link": link, "qr": qr, "minutes": int(LINK_LIFETIME // 60)}, headers=NO_STORE)

    async def claim(self, request: Request) -> Response:
        code = (await self.read_json(request)).get("code")
        if not isinstance(code, str) or not 0 < len(code) <= CODE_LENGTH:
            return _refused("device_link_unknown", 404)
        try:
            player, token = await self.store.claim(code, request.headers.get("user-agent", ""), self.clock())
        except LinkRefused as refused:
            if refused.code == "device_link_expired":
                return _refused(refused.code, 410, minutes=int(LINK_LIFETIME // 60))
            return _refused(refused.code, 404 if refused.code == "device_link_unknown" else 410)
        return JSONResponse({"id": player.id, "name": player.name, "token": token}, headers=NO_STORE)

    async def list_devices(self, request: Request) -> Response:
        found = await self.signed_in(request.headers.get("x-token", ""))
        if not isinstance(found, Device):
            return found
        listed = await self.store.of_player(found.player.id)
        return JSONResponse(
            {"devices": [{**device, "current": device["id"] == found.id} for device in listed]}, headers=NO_STORE
        )

    async def revoke(self, request: Request) -> Response:
        data = await self.read_json(request)
        found = await self.signed_in(data.get("token"))
        if not isinstance(found, Device):
            return found
        device = data.get("device", found.id)
        if not isinstance(device, str):
            return _refused("no_such_device", 404)
        revoked = await self.store.revoke(found.player.id, device, self.clock())
        if revoked is None:
            return _refused("no_such_device", 404)
        self._close(revoked)
        return JSONResponse({"revoked": device, "current": device == found.id})


def _refused(code: str, status: int, **params: Any) -> JSONResponse:
    """The body app.py's refusals have: `{"error", "code", "params"}`."""
    error = refusal(code, **params)
    return JSONResponse({"error": error.message, "code": error.code, "params": error.params}, status_code=status)
