"""The Starlette application: HTTP routes for the lobby, players, replays and ratings; one websocket per seat.

The websocket handler only moves messages: it reads frames, turns them into typed messages (answering bad
ones itself), hands them to the table's actor, and writes whatever the actor puts in its outbox.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import io
import json
import logging
import secrets
import time
from collections import Counter, OrderedDict
from collections.abc import AsyncGenerator, AsyncIterator, Callable
from pathlib import Path
from typing import Any

from prometheus_client import CONTENT_TYPE_LATEST
from starlette.applications import Starlette
from starlette.concurrency import iterate_in_threadpool, run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from presidente.errors import Param, PresidenteError
from presidente.server import protocol as p
from presidente.server import ratings, tutorial
from presidente.server.actor import (
    Connect,
    Disconnect,
    Hub,
    Message,
    TableActor,
    clean_text,
    lobby_catalogue,
)
from presidente.server.bots import bot_names
from presidente.server.cluster import LEASE, Cluster, RedisUnreachable
from presidente.server.clustered import ClusterHub
from presidente.server.devices import Devices
from presidente.server.games import game_of
from presidente.server.headers import SecureStarlette
from presidente.server.inbound import ReadNow
from presidente.server.metrics import Metrics
from presidente.server.outbox import Outbox
from presidente.server.record_replay import (
    MAX_RECORD_BYTES,
    OpenedRecord,
    OpenRecords,
    RecordRefused,
    open_record,
    shown_step,
)
from presidente.server.refusals import refusal
from presidente.server.storage import Storage, StorageFailing
from presidente.server.table import Player, Spacing, TableConfig, error_frame, error_frame_of

WEB = Path(__file__).resolve().parent.parent / "web"
HELLO_TIMEOUT = 30.0
# The flood limit: a bucket of this many messages, refilled at RATE a second. A client that keeps
# sending after it is empty, ABUSE_LIMIT refusals in a row, is disconnected.
BURST = 30
RATE = 15.0
ABUSE_LIMIT = 50
# New players one address may make: a bucket of NEW_PLAYER_BURST, refilled at NEW_PLAYERS_PER_MINUTE. A
# person makes one; a script that makes thousands fills the database, so it is slowed down. At most
# TRACKED_ADDRESSES buckets are kept (the oldest go first), so the limiter's memory is bounded too.
NEW_PLAYER_BURST = 60
NEW_PLAYERS_PER_MINUTE = 20.0
TRACKED_ADDRESSES = 10_000
# Open websockets one client address may hold when `presidente serve` runs (PRESIDENTE_WEBSOCKETS_PER_ADDRESS): a
# person has a few tabs open, a school behind one address some dozens; a script holding thousands takes memory and
# files from everyone. `create_app` itself sets none (tests and load benchmarks connect thousands from one address).
WEBSOCKETS_PER_ADDRESS = 200
TOO_MANY_WEBSOCKETS = "Too many connections from your address: close some tables before opening another."
# A player changes its name at most once in this many seconds (limited as chat is, by `Spacing`): each rename is
# an update to every table where the player sits or watches.
RENAME_INTERVAL = 5.0
# Websocket close codes: the table does not exist; the game is over (and its replay is kept).
NO_TABLE_CLOSE = 4404
GAME_OVER_CLOSE = 4410
DAMAGED_CLOSE = 4500
TRY_AGAIN_CLOSE = 1013  # the table cannot be reached now (in a cluster, Redis is away): the client comes back
TOO_MANY_CLOSE = 1008  # policy: too many websockets from one address
# Request bodies are read no further than this; names and tokens are bounded too.
MAX_BODY = 64 * 1024
NAME_LENGTH = 24
# The most players whose ratings one /api/ratings call answers: more than any table seats (8 at most).
RATINGS_ASKED = 16
TOKEN_LENGTH = 200
DAMAGED_REPLAY = "This game's stored moves no longer replay: it is damaged."
BINARY_REFUSED = "Binary frames are not part of the protocol: send JSON text."
log = logging.getLogger("presidente.server")
HEAP_FREEZE = 10.0
# Container objects made (less those freed) between two young collections; the interpreter's default is 700.
YOUNG_COLLECTION = 5000
# A generation the interpreter collects only when asked.
NEVER = 1_000_000_000
READY_TIMEOUT = 2.0
# Game reviews running at once (each is a search of about half a minute of CPU per game).
MAX_REVIEWS = 1
# Seconds a review request waits for the review before it to end before it is told the server is busy: a review
# the page has just cancelled still finishes the move it is searching (a quarter second) before its place is free.
REVIEW_WAIT = 5.0
FULL_COLLECTION = 3600.0


class RateLimiter:
    def __init__(self, clock: Callable[[], float], burst: int = BURST, rate: float = RATE) -> None:
        self.clock = clock
        self.burst, self.rate = burst, rate
        self.tokens = float(burst)
        self.stamp = clock()
        self.refused = 0

    def allow(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            self.refused = 0
            return True
        self.refused += 1
        return False

    @property
    def abusive(self) -> bool:
        return self.refused >= ABUSE_LIMIT


class AddressLimits:
    """One `RateLimiter` per client address, for the few requests that create rows (new players)."""

    def __init__(self, clock: Callable[[], float], burst: int, per_minute: float) -> None:
        self.clock, self.burst, self.rate = clock, burst, per_minute / 60.0
        self.limiters: OrderedDict[str, RateLimiter] = OrderedDict()

    def allow(self, address: str) -> bool:
        limiter = self.limiters.pop(address, None) or RateLimiter(self.clock, self.burst, self.rate)
        self.limiters[address] = limiter  # the most recent last
        while len(self.limiters) > TRACKED_ADDRESSES:
            self.limiters.popitem(last=False)
        return limiter.allow()


def create_app(
    database_url: str | None = None,
    *,
    intermission: float = 30.0,
    bot_delay: float = 0.8,
    clock: Callable[[], float] = time.monotonic,
    message_burst: int = BURST,
    message_rate: float = RATE,
    retire_after: float = 600.0,
    redis_url: str | None = None,
    node: str | None = None,
    lease: float = LEASE,
    new_players_per_minute: float | None = NEW_PLAYERS_PER_MINUTE,
    websockets_per_address: int | None = None,
    wall_clock: Callable[[], float] = time.time,
) -> Starlette:
    """The whole server; `intermission` and `bot_delay` (seconds) are shortened by tests and benchmarks, and
    the flood limit (`message_burst` messages, refilled at `message_rate` a second) raised for bot clients.
    A finished table nobody watches leaves memory after `retire_after` seconds; its replay stays. With
    `redis_url` the process is one of a cluster sharing the database (`cluster.py`), named `node`. One client
    address may create `new_players_per_minute` players (after a first burst; None: no limit) and hold
    `websockets_per_address` websockets at once (None: no limit). Sign-in links to a player's other devices expire by
    `wall_clock` (`devices.py`)."""
    metrics = Metrics()
    storage = Storage(database_url, metrics=metrics)
    options: dict[str, Any] = {
        "intermission": intermission,
        "bot_delay": bot_delay,
        "clock": clock,
        "retire_after": retire_after,
    }
    hub = (
        Hub(storage, **options)
        if redis_url is None
        else ClusterHub(storage, Cluster(redis_url, node=node, lease=lease, metrics=metrics), **options)
    )
    metrics.watch(hub.metrics_rows)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await storage.start()
        await hub.start()
        await devices.start()
        app.state.hub = hub
        keeper = asyncio.create_task(_keep_heap(), name="heap-keeper")
        yield
        keeper.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await keeper
        await devices.stop()
        await hub.stop()
        await storage.close()

    async def player_of(data: dict[str, Any]) -> Player | None:
        token = data.get("token")
        return (
            await storage.player_by_token(token) if isinstance(token, str) and 0 < len(token) <= TOKEN_LENGTH else None
        )

    new_players = (
        None if new_players_per_minute is None else AddressLimits(clock, NEW_PLAYER_BURST, new_players_per_minute)
    )

    async def create_player(request: Request) -> Response:
        address = request.client.host if request.client is not None else ""
        if new_players is not None and not new_players.allow(address):
            metrics.errors.labels("new_players_limited").inc()
            return _refused("too_many_new_players", 429)
        if storage.failing:
            return _refused("storage_failing", 503)
        data = await _json(request)
        try:
            name = clean_text(data.get("name"), "A display name", NAME_LENGTH)
        except PresidenteError as error:
            return _error(error)
        player, token = await storage.create_player(name, request.headers.get("user-agent", ""))
        return JSONResponse({"id": player.id, "name": player.name, "token": token})

    async def player_of_header(request: Request) -> Player | None:
        token = request.headers.get("x-token", "")
        return await storage.player_by_token(token) if 0 < len(token) <= TOKEN_LENGTH else None

    async def me(request: Request) -> Response:
        player = await player_of_header(request)
        if player is None:
            return _refused(await devices.refusal_code(request.headers.get("x-token")), 404)
        return JSONResponse({"id": player.id, "name": player.name})

    async def my_tables(request: Request) -> Response:
        player = await player_of_header(request)
        if player is None:
            return _refused(await devices.refusal_code(request.headers.get("x-token")), 404)
        return JSONResponse({"tables": await hub.tables_of_player(player)})

    renames = Spacing(RENAME_INTERVAL)

    async def rename(request: Request) -> Response:
        """A new display name for the player holding the token: the same player (id, token, seats, rating)."""
        data = await _json(request)
        player = await player_of(data)
        if player is None:
            return _refused(await devices.refusal_code(data.get("token")), 401)
        try:
            name = clean_text(data.get("name"), "A display name", NAME_LENGTH)
        except PresidenteError as error:
            return _error(error)
        renamed = Player(player.id, name)
        if renamed != player:
            allowed = renames.allow(player.id, clock())
            if allowed and isinstance(hub, ClusterHub):  # and once per interval in the whole cluster
                allowed = await hub.allow_once(f"rename:{player.id}", RENAME_INTERVAL)
            if not allowed:
                metrics.errors.labels("renames_limited").inc()
                return _refused("rename_too_soon", 429, seconds=int(RENAME_INTERVAL))
            await storage.rename_player(renamed)
            await hub.rename(renamed)
        return JSONResponse({"id": renamed.id, "name": renamed.name})

    async def games(request: Request) -> Response:
        return JSONResponse({"games": lobby_catalogue(), "bots": bot_names()})

    reviews = asyncio.Semaphore(MAX_REVIEWS)

    async def healthz(request: Request) -> Response:
        """Alive: the event loop answers."""
        return JSONResponse({"status": "ok"})

    async def readyz(request: Request) -> Response:
        """Ready for players: every stored table resumed, the database answering and, in a cluster, Redis too
        (without it no table can be made or taken over, nor a connection relayed)."""
        if hub.loading:
            return JSONResponse({"status": "resuming tables", "left": len(hub.loading)}, status_code=503)
        if storage.failing_since is not None:
            failing = f"storage is failing since {time.monotonic() - storage.failing_since:.1f} s: {storage.failure}"
            return JSONResponse({"status": failing}, status_code=503)
        try:
            await asyncio.wait_for(storage.ping(), READY_TIMEOUT)
        except Exception as error:
            return JSONResponse({"status": f"database: {str(error).splitlines()[0][:200]}"}, status_code=503)
        if isinstance(hub, ClusterHub) and (problem := await hub.cluster.unready(READY_TIMEOUT)) is not None:
            return JSONResponse({"status": problem}, status_code=503)
        return JSONResponse({"status": "ready"})

    async def prometheus(request: Request) -> Response:
        return Response(metrics.exposition(), media_type=CONTENT_TYPE_LATEST)

    async def list_tables(request: Request) -> Response:
        return JSONResponse({"tables": await hub.lobby_lines()})

    async def damaged(request: Request) -> Response:
        return JSONResponse({"tables": await storage.damaged_tables()})

    async def create_table(request: Request) -> Response:
        data = await _json(request)
        creator = await player_of(data)
        if creator is None:
            return _refused("create_player_first", 401)
        if storage.failing:
            return _refused("storage_failing", 503)
        try:
            config = await hub.create_table(data, creator)
        except PresidenteError as error:
            return _error(error)
        except RedisUnreachable as error:
            return _error(PresidenteError(str(error), "redis_unreachable"), 503)
        invite = f"/table/{config.id}" + (f"#secret={config.secret}" if config.private else "")
        return JSONResponse({"id": config.id, "secret": config.secret or None, "invite": invite})

    async def table_gone(table_id: str) -> tuple[PresidenteError, int]:
        """Why a table has no actor: over (its replay is kept), damaged, expired or unknown; and the websocket
        close code."""
        stored = await storage.load_table(table_id) if _table_id_ok(table_id) else None
        if stored is not None and stored.status == "finished":
            return refusal("game_over", table=table_id), GAME_OVER_CLOSE
        if stored is not None and stored.status == "damaged":
            return refusal("table_damaged"), DAMAGED_CLOSE
        if stored is not None and stored.status == "expired":
            return refusal("table_expired"), NO_TABLE_CLOSE
        return refusal("no_such_table"), NO_TABLE_CLOSE

    async def table_info(request: Request) -> Response:
        await hub.wait_loaded(request.path_params["table_id"])
        line = (
            await hub.table_line(request.path_params["table_id"])
            if _table_id_ok(request.path_params["table_id"])
            else None
        )
        if line is None:
            reason, _ = await table_gone(request.path_params["table_id"])
            return _error(reason, 404)
        return JSONResponse(line)

    async def invited(request: Request) -> tuple[TableConfig | None, Response | None]:
        """The table's config for someone who may see its invite link: anyone for a public table; for a private
        one whoever gives its secret (`?secret=`) or holds a seat (header `x-token`). Else the refusal to send."""
        table_id = request.path_params["table_id"]
        stored = await storage.load_table(table_id) if _table_id_ok(table_id) else None
        if stored is None or stored.status not in ("waiting", "playing"):
            reason, _ = await table_gone(table_id)
            return None, _error(reason, 404)
        config = stored.config
        if config.private and not secrets.compare_digest(request.query_params.get("secret", ""), config.secret):
            player = await player_of_header(request)
            if player is None or all(seat.player is None or seat.player.id != player.id for seat in stored.seats):
                return None, _refused("private_table", 403)
        return config, None

    def invite_link(request: Request, config: TableConfig) -> str:
        base = f"{request.url.scheme}://{request.url.netloc}"
        return f"{base}/table/{config.id}" + (f"#secret={config.secret}" if config.private else "")

    async def invite(request: Request) -> Response:
        config, refusal = await invited(request)
        if config is None:
            assert refusal is not None
            return refusal
        query = f"?secret={config.secret}" if config.private else ""
        svg = f"/api/tables/{config.id}/invite.svg{query}"
        return JSONResponse({"link": invite_link(request, config), "qr": svg}, headers={"Cache-Control": "no-store"})

    async def invite_qr(request: Request) -> Response:
        import segno  # the server extra's QR code maker: only this route needs it

        config, refusal = await invited(request)
        if config is None:
            assert refusal is not None
            return refusal
        out = io.BytesIO()
        segno.make(invite_link(request, config), error="m").save(out, kind="svg", scale=8, border=4, xmldecl=False)
        return Response(out.getvalue(), media_type="image/svg+xml", headers={"Cache-Control": "no-store"})

    async def finished(request: Request) -> Response:
        return JSONResponse({"tables": await storage.finished_tables()})

    async def leaderboard(request: Request) -> Response:
        return JSONResponse({"players": await storage.leaderboard()})

    async def player_ratings(request: Request) -> Response:
        """`?ids=a,b`: the ratings of a table's players (up to 16), rated or not, beyond the leaderboard's top."""
        ids = [player_id for player_id in request.query_params.get("ids", "").split(",") if player_id]
        if len(ids) > RATINGS_ASKED:
            return _refused("too_many_ratings", max=RATINGS_ASKED)
        rated = await storage.ratings_of(ids)
        return JSONResponse(
            {
                "ratings": {player_id: rating for player_id, (rating, _) in rated.items()},
                # Rated matches of each provisional rating, and after how many it settles (ratings.py).
                "provisional": {
                    player_id: games for player_id, (_, games) in rated.items() if ratings.is_provisional(games)
                },
                "settles_after": ratings.PROVISIONAL_GAMES,
                "start": ratings.DISPLAY_BASE,  # everyone's rating before a first match
            }
        )

    async def replay(request: Request) -> Response:
        table_id = request.path_params["table_id"]
        stored = await storage.load_table(table_id) if _table_id_ok(table_id) else None
        if stored is None or stored.status != "finished":
            return _refused("not_replayable", 404)
        step_text = request.query_params.get("step", "0")
        if not (step_text.isascii() and step_text.isdigit() and len(step_text) <= 9):
            return _refused("step_not_number")
        step = max(0, min(int(step_text), len(stored.moves)))
        game = game_of(stored.config.game)
        last = stored.moves[step - 1] if step else None
        try:  # the table before the step's move, then the move: its events and the round's (record_replay)
            config = stored.config
            before = game.replay(config.options, config.seats, config.seed, stored.moves[: max(step - 1, 0)])
            shown = shown_step(stored.config.game, before, last)
        except Exception:
            log.exception("finished table %s does not replay", table_id, extra={"table": table_id})
            return _refused("replay_damaged", 409)
        return JSONResponse(
            {
                "id": stored.config.id,
                "name": stored.config.name,
                "game": stored.config.game,
                "preset": stored.config.preset,
                "names": [seat.name for seat in stored.seats],
                "step": step,
                "steps": len(stored.moves),
                "move": None if last is None else {"seat": last[0], "text": last[1]},
                **shown,
            }
        )

    async def review(request: Request) -> Response:
        """A finished President game reviewed for one seat (`presidente.review`): JSON lines, one per move of the
        seat as the search finishes it (the search runs in a worker thread), then a summary line."""
        from presidente.president import Record
        from presidente.review import review_lines

        table_id, seat = request.path_params["table_id"], request.query_params.get("seat", "0")
        stored = await storage.load_table(table_id) if _table_id_ok(table_id) else None
        if stored is None or stored.status != "finished" or stored.config.game != "president":
            return _refused("not_reviewable", 404)
        config = stored.config
        if not (seat.isascii() and seat.isdigit() and len(seat) <= 2 and int(seat) < config.seats):
            return _refused("bad_review_seat", max=config.seats - 1)
        if not await _free_within(reviews, REVIEW_WAIT):
            return _refused("reviews_busy", 429)
        try:
            rules = game_of("president").replay(config.options, config.seats, config.seed, []).rules
            lines = review_lines(Record(rules, config.seats, config.seed, tuple(stored.moves)), int(seat))
        except Exception as error:
            log.exception("finished table %s cannot be reviewed", table_id, extra={"table": table_id})
            return _error(error if isinstance(error, PresidenteError) else refusal("replay_damaged"), 409)

        async def one_review_at_a_time() -> AsyncGenerator[str, None]:
            # Each search holds a core for a while: MAX_REVIEWS at once, so tables keep theirs.
            async with reviews:
                async for line in iterate_in_threadpool(lines):
                    yield line

        return _ClosingStream(one_review_at_a_time(), media_type="application/x-ndjson")

    async def position(request: Request) -> Response:
        """A position file (the JSON `presidente play --save` writes) checked by its engine, shown as the replay
        shows a table: `{"game", "view"}` with every hand, or a 400 saying what is wrong with it."""
        data = await _json(request)
        name = "el-presidente" if data.get("game") == "el-presidente" else "president"
        try:
            if name == "el-presidente":
                from presidente.elpresidente import State as ElpState
                from presidente.elpresidente.position import Position as ElpPosition

                state: Any = ElpState.from_position(ElpPosition.from_dict(data))
            else:
                from presidente.president import Position, State

                state = State.from_position(Position.from_dict(data))
            shown = shown_step(name, state, None)  # the view, and the round's events for the log
        except PresidenteError as error:
            return _error(error)
        except Exception:
            log.exception("a checked position could not be shown")
            return _refused("position_not_shown")
        return JSONResponse({"game": name, "view": shown["view"], "log": shown["log"]})

    records = OpenRecords()
    opening_record = asyncio.Lock()

    def record_answer(record_id: str, opened: OpenedRecord, step: int, rounds: bool = False) -> dict[str, Any]:
        """A step of an opened record, in the shape of a stored table's replay; with `rounds`, also the step at
        which each round is dealt (sent once, when the record is opened: a 1,000-game record has 1,000)."""
        last = opened.moves[step - 1] if step else None
        extra = {"rounds": opened.round_starts} if rounds else {}
        return {
            **extra,
            "id": record_id,
            "name": "a record file",
            "game": opened.game,
            "preset": opened.preset,
            "names": opened.names,
            "step": step,
            "steps": opened.steps,
            "move": None if last is None else {"seat": last[0], "text": last[1]},
            **opened.shown(step),
        }

    async def open_record_file(request: Request) -> Response:
        """A record file (`presidente play --save`, `presidente uecda serve --record`) replayed through the engine
        within bounds (`record_replay`), then kept for stepping: its first step, or a 400 / 413 saying why not."""
        try:
            data = await _json(request, MAX_RECORD_BYTES)
        except BadRequest as error:
            if error.status != 413:
                raise
            raise BadRequest(refusal("record_too_large", max_mb=MAX_RECORD_BYTES // (1024 * 1024)), 413) from None
        if opening_record.locked():
            return _refused("record_busy", 429)
        async with opening_record:
            try:
                opened = await run_in_threadpool(open_record, data)
            except RecordRefused as error:
                return _refused("record_refused", reason=str(error))
        record_id = records.add(opened)
        return JSONResponse(await run_in_threadpool(record_answer, record_id, opened, 0, True))

    async def record_step(request: Request) -> Response:
        record_id = request.path_params["record_id"]
        opened = records.get(record_id) if _table_id_ok(record_id) else None
        if opened is None:
            return _refused("record_closed", 404)
        step_text = request.query_params.get("step", "0")
        if not (step_text.isascii() and step_text.isdigit() and len(step_text) <= 9):
            return _refused("step_not_number")
        step = max(0, min(int(step_text), opened.steps))
        return JSONResponse(await run_in_threadpool(record_answer, record_id, opened, step))

    def page(name: str) -> Callable[[Request], Any]:
        async def serve_page(request: Request) -> Response:
            return FileResponse(WEB / name, headers={"Cache-Control": "no-cache"})

        return serve_page

    async def find_table(table_id: str) -> tuple[TableActor | None, str | None]:
        """The table's actor in this process, or (in a cluster) the process that runs it; (None, None): gone."""
        await hub.wait_loaded(table_id)
        if isinstance(hub, ClusterHub) and _table_id_ok(table_id):
            return await hub.owner_actor(table_id)
        return hub.actors.get(table_id), None

    sockets_of: Counter[str] = Counter()

    async def table_socket(websocket: WebSocket) -> None:
        await websocket.accept()
        address = websocket.client.host if websocket.client is not None else ""
        if websockets_per_address is not None and sockets_of[address] >= websockets_per_address:
            metrics.errors.labels("websockets_limited").inc()
            with contextlib.suppress(Exception):
                await websocket.send_text(error_frame_of(0, refusal("too_many_connections")))
                await websocket.close(code=TOO_MANY_CLOSE, reason="Too many connections from your address")
            return
        sockets_of[address] += 1
        try:
            await play_at_table(websocket)
        except (RedisUnreachable, StorageFailing) as error:
            # Another process runs the table, or may, and Redis is away; or the database cannot be read: the client
            # comes back after its pause (1013: try again later).
            with contextlib.suppress(Exception):
                code = "redis_unreachable" if isinstance(error, RedisUnreachable) else "storage_failing"
                await websocket.send_text(error_frame(0, str(error), code))
                await websocket.close(code=TRY_AGAIN_CLOSE)
        finally:
            sockets_of[address] -= 1
            if sockets_of[address] <= 0:
                del sockets_of[address]

    async def play_at_table(websocket: WebSocket) -> None:
        table_id = websocket.path_params["table_id"]
        actor, owner = await find_table(table_id)
        found = actor is not None or owner is not None
        hello = await _hello(websocket, actor.table.seq if actor else 0, devices) if found else None
        if found and hello is None:
            return
        if hello is None or (actor is not None and actor.retired):
            # No table, or it left memory while the hello was awaited: no command may reach its ended task.
            reason, code = await table_gone(table_id)
            with contextlib.suppress(Exception):  # the client may have gone already
                await websocket.send_text(error_frame_of(0, reason))
                await websocket.close(code=code)
            return
        player, secret, token = hello
        relay_hub = hub if isinstance(hub, ClusterHub) and actor is None else None
        if actor is not None:
            conn, outbox = hub.next_conn(), Outbox()
            outbox.start(websocket)
            await actor.inbox.put(Connect(conn, player, secret, outbox))
            table = actor
        else:
            assert relay_hub is not None and owner is not None
            conn, outbox = relay_hub.open_relay(table_id, owner)
            outbox.start(websocket)
            who = None if player is None else {"id": player.id, "name": player.name}
            await relay_hub.relay(table_id, conn, "connect", player=who, secret=secret)
        unwatch = devices.watch(token, outbox)  # closed if its device is signed out
        limiter = RateLimiter(clock, message_burst, message_rate)

        def seq() -> int:
            return actor.table.seq if actor is not None else 0

        flooded = False

        def check(text: str | None) -> p.ClientMessage | None:
            """A client's frame as a message for the table; None when it is answered here (refused, or flooding:
            the connection is closed)."""
            nonlocal flooded
            if text is None:
                outbox.put_nowait(error_frame_of(seq(), refusal("binary_frame")))
                return None
            if not limiter.allow():
                if limiter.abusive:
                    flooded = True
                    read_now.stop()
                    outbox.put_nowait(error_frame_of(seq(), refusal("flooded")))
                    outbox.put_nowait(None)
                    return None
                outbox.put_nowait(error_frame_of(seq(), refusal("too_many_messages")))
                return None
            try:
                return p.parse_client_message(text)
            except p.ProtocolError as error:
                metrics.errors.labels("refused").inc()
                outbox.put_nowait(error_frame_of(seq(), refusal("bad_message", reason=str(error))))
                return None

        def hand_over(data: bytes) -> None:
            message = check(data.decode())
            if message is not None:
                table.inbox.put_nowait(Message(conn, message))

        # A local table's text frames are handed over as they arrive, where the protocol offers it (`inbound.py`).
        read_now = ReadNow(websocket, hand_over if relay_hub is None else None)
        try:
            while not outbox.ended and not flooded:
                text = await _receive_text(websocket)
                message = check(text)
                if message is None:
                    continue
                if relay_hub is not None:
                    await relay_hub.relay(table_id, conn, "message", text=text)
                else:
                    await table.inbox.put(Message(conn, message))
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            read_now.stop()
            unwatch()
            if relay_hub is not None:
                with contextlib.suppress(Exception):
                    await relay_hub.relay(table_id, conn, "disconnect")
                relay_hub.close_relay(conn)
            else:
                await table.inbox.put(Disconnect(conn))
            outbox.put_nowait(None)  # after the frames already put; nothing once the outbox ended
            await outbox.wait_ended()

    devices = Devices(storage, _json, page("index.html"), wall_clock)
    routes = [
        Route("/", page("index.html")),
        Route("/table/{table_id}", page("table.html")),
        Route("/replay/{table_id}", page("replay.html")),
        Route("/api/players", create_player, methods=["POST"]),
        Route("/api/me", me),
        Route("/api/me/name", rename, methods=["POST"]),
        Route("/api/me/tables", my_tables),
        Route("/api/games", games),
        Route("/api/tables", list_tables),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{table_id}", table_info),
        Route("/api/tables/{table_id}/invite", invite),
        Route("/api/tables/{table_id}/invite.svg", invite_qr),
        Route("/api/damaged", damaged),
        Route("/healthz", healthz),
        Route("/readyz", readyz),
        Route("/metrics", prometheus),
        Route("/api/finished", finished),
        Route("/api/leaderboard", leaderboard),
        Route("/api/ratings", player_ratings),
        Route("/api/replay/{table_id}", replay),
        Route("/api/review/{table_id}", review),
        Route("/api/position", position, methods=["POST"]),
        Route("/api/record", open_record_file, methods=["POST"]),
        Route("/api/record/{record_id}", record_step),
        *devices.routes(),
        *tutorial.routes(hub, storage, _json, player_of),
        WebSocketRoute("/ws/{table_id}", table_socket),
        Mount("/static", StaticFiles(directory=WEB), name="static"),
    ]
    app = SecureStarlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={BadRequest: _bad_request, StorageFailing: _storage_failing, 500: _server_error},
    )
    app.state.hub = hub
    app.state.storage = storage
    return app


async def _keep_heap() -> None:
    """Keep garbage collection cheap and its pauses short while the server runs; the interpreter's settings come
    back after.

    With hundreds of tables the heap holds millions of objects, and a full collection of them stopped every
    table for 150-250 ms under load. So what survives a young collection is frozen every HEAP_FREEZE seconds
    (`gc.freeze`: no collection scans it again), and the middle generation is never collected by itself: it only
    holds those survivors until they are frozen. Young collections come every YOUNG_COLLECTION objects, not
    700: each one also scans the objects of the moves in flight, and every survivor it keeps was then scanned
    again by a middle collection; at 2,000 tables that was a sixth of the process's time (benchmarks/gc_cost.py).
    Reference cycles that become garbage after surviving a young collection are only found by the full
    collection, once every FULL_COLLECTION seconds."""
    thresholds = gc.get_threshold()
    gc.set_threshold(YOUNG_COLLECTION, NEVER, NEVER)
    gc.freeze()
    try:
        last_full = time.monotonic()
        while True:
            await asyncio.sleep(HEAP_FREEZE)
            if time.monotonic() - last_full >= FULL_COLLECTION:
                gc.unfreeze()
                gc.collect()
                last_full = time.monotonic()
            gc.freeze()
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)


class BadRequest(Exception):
    """A request body the server refuses before reading it as a form: too large, not JSON, not an object."""

    def __init__(self, refusal: PresidenteError, status: int = 400) -> None:
        super().__init__(refusal.message)
        self.refusal = refusal
        self.status = status


async def _bad_request(request: Request, error: Exception) -> Response:
    assert isinstance(error, BadRequest)
    return _error(error.refusal, error.status)


async def _storage_failing(request: Request, error: Exception) -> Response:
    """Storage failed this request (a full disk, the database unreachable): said once in the log by storage."""
    return _refused("storage_failing", 503)


async def _server_error(request: Request, error: Exception) -> Response:
    log.error("%s %s failed", request.method, request.url.path, exc_info=error)
    return _refused("server_failed", 500)


async def _json(request: Request, limit: int = MAX_BODY) -> dict[str, Any]:
    """The request's JSON object, read no further than `limit` bytes."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise BadRequest(refusal("body_too_large", max_bytes=limit), 413)
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise BadRequest(refusal("body_too_large", max_bytes=limit), 413)
    if not body:
        return {}
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        # RecursionError: JSON nested deeper than the parser goes, such as 100,000 '['.
        raise BadRequest(refusal("body_not_json")) from None
    if not isinstance(data, dict):
        raise BadRequest(refusal("body_not_object"))
    return data


def _table_id_ok(table_id: str) -> bool:
    """Table ids are short hex strings: anything else is unknown without asking storage."""
    return len(table_id) <= 32 and table_id.isascii() and table_id.isalnum()


class _ClosingStream(StreamingResponse):
    """A stream whose generator is closed as soon as the response ends, also when the client went away: left to
    the garbage collector (a cycle through the disconnect's traceback, and full collections are rare here, see
    `_keep_heap`), a cancelled review would hold its place among `MAX_REVIEWS` for a long time."""

    def __init__(self, lines: AsyncGenerator[str, None], media_type: str) -> None:
        super().__init__(lines, media_type=media_type)
        self._lines = lines

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            await self._lines.aclose()


async def _free_within(semaphore: asyncio.Semaphore, seconds: float) -> bool:
    """Whether `semaphore` has a free place now or within `seconds` (it is not taken here)."""
    deadline = time.monotonic() + seconds
    while semaphore.locked():
        if time.monotonic() >= deadline:
            return False
        await asyncio.sleep(0.1)
    return True


async def _receive_text(websocket: WebSocket) -> str | None:
    """The next text frame; None for a binary frame. Raises WebSocketDisconnect when the client goes."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    return text if isinstance(text, str) else None


def _error(error: PresidenteError, status: int = 400) -> JSONResponse:
    """An HTTP refusal: `{"error": English sentence, "code", "params"}`, the page words it from its code."""
    return JSONResponse({"error": error.message, "code": error.code, "params": error.params}, status_code=status)


def _refused(code: str, status: int = 400, **params: Param) -> JSONResponse:
    """The server's refusal of a declared code (`refusals.SERVER_CODES`)."""
    return _error(refusal(code, **params), status)


async def _hello(
    websocket: WebSocket, seq: int, devices: Devices
) -> tuple[Player | None, str | None, str | None] | None:
    """Wait for a valid hello, answering anything else with an error; None when the client went away. Else the
    player (None: a spectator), the table's secret and the token given."""
    try:
        for _ in range(20):
            try:
                text = await asyncio.wait_for(_receive_text(websocket), HELLO_TIMEOUT)
            except (TimeoutError, WebSocketDisconnect, RuntimeError):
                with contextlib.suppress(Exception):
                    await websocket.close()
                return None
            if text is None:
                await websocket.send_text(error_frame_of(seq, refusal("binary_frame")))
                continue
            try:
                message = p.parse_client_message(text)
            except p.ProtocolError as error:
                await websocket.send_text(error_frame_of(seq, refusal("bad_message", reason=str(error))))
                continue
            if not isinstance(message, p.Hello):
                await websocket.send_text(
                    error_frame(seq, 'Say hello first: {"type": "hello", "token": ...}.', "hello_first")
                )
                continue
            player = None
            if message.token:
                player = await devices.storage.player_by_token(message.token)
                if player is None:
                    await websocket.send_text(error_frame_of(seq, refusal(await devices.refusal_code(message.token))))
                    continue
            return player, message.secret, message.token
        await websocket.send_text(error_frame_of(seq, refusal("hello_flooded")))
        await websocket.close(code=1008)
    except (WebSocketDisconnect, RuntimeError, OSError):
        pass  # the client went away during the hello: nothing to answer
    return None
