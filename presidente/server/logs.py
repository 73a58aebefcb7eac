"""The server's logs: plain lines by default, or one JSON object per line (`presidente serve --log-json`) for
a log collector, each with the table it concerns when there is one.

Log calls name their table with `extra={"table": table_id}`; the JSON line then carries it as `"table"`.
"""

from __future__ import annotations

import json
import logging
import time

LOGGER = "presidente"


class JsonLines(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, object] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        table = getattr(record, "table", None)
        if table is not None:
            entry["table"] = table
        if record.exc_info:
            entry["error"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False)


def configure(json_lines: bool, level: int = logging.INFO) -> None:
    """Send the server's own logs to standard error, as JSON lines or as plain text."""
    handler = logging.StreamHandler()
    handler.setFormatter(JsonLines() if json_lines else logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    logger = logging.getLogger(LOGGER)
    logger.handlers[:] = [handler]
    logger.setLevel(level)
    logger.propagate = False
