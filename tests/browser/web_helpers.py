"""HTTP helpers of the browser tests: the API calls a test makes beside its pages."""

from __future__ import annotations

import json
import urllib.request
from typing import Any


def post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST")
    with urllib.request.urlopen(request, timeout=10) as response:
        data: dict[str, Any] = json.loads(response.read())
        return data


def get(base: str, path: str) -> dict[str, Any]:
    with urllib.request.urlopen(base + path, timeout=10) as response:
        data: dict[str, Any] = json.loads(response.read())
        return data
