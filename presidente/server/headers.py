"""The security headers every HTTP response carries: pages, static files, the API, errors.

The pages load their scripts and styles from /static only (no inline script, style or event attribute), talk to
this server alone (fetch and the websocket), and show no image but the empty data: icon; so the policy allows
exactly that, and no page may be framed (clickjacking). `SecureStarlette` puts the middleware outside Starlette's
own error handling, so a 500 carries the headers too.
"""

from __future__ import annotations

from starlette.applications import Starlette
from starlette.types import ASGIApp, Message, Receive, Scope, Send

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",  # the API and the websocket (CSP 3: 'self' matches ws:// and wss:// to this host)
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
SECURITY_HEADERS = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
]


class SecurityHeaders:
    """Pure ASGI middleware: the headers above added to every HTTP response's start (websockets pass through)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", ()), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, send_with_headers)


class SecureStarlette(Starlette):
    """Starlette whose whole middleware stack, its error handling included, is wrapped in `SecurityHeaders`."""

    def build_middleware_stack(self) -> ASGIApp:
        return SecurityHeaders(super().build_middleware_stack())
