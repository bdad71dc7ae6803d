"""The server's log, as an operator reads it: one line an event, in text or as JSON (``mdeal serve
--log-format json``: time, level, event, and the room, game, version or tournament it is about).

No line carries a secret: the server never logs a seat token, an invite or a tournament link, and every
line is scrubbed of anything written like one (``token=…``, ``invite=…``, ``key=…``) besides.

    >>> record = logging.LogRecord("monopoly_deal.server", logging.INFO, "", 0, "game over", None, None)
    >>> record.room, record.game, record.version = "r1", 7, 120
    >>> line = json.loads(JsonFormatter().format(record))
    >>> line["level"], line["event"], line["room"], line["game"], line["version"]
    ('info', 'game over', 'r1', 7, 120)
    >>> scrub("GET /ws/r1?token=abc123&lang=en")
    'GET /ws/r1?token=…&lang=en'
"""

from __future__ import annotations

import json
import logging
import re
import sys
from datetime import UTC, datetime

#: What a line may say an event is about (``logger.info(..., extra={"room": ...})``).
FIELDS = ("room", "game", "version", "tournament", "match")
_SECRET = re.compile(r"\b(token|invite|key|organiser|secret)=([^&\s\"']+)", re.IGNORECASE)


def scrub(text: str) -> str:
    """``text`` with the value of anything written like a secret parameter replaced by ``…``."""
    return _SECRET.sub(lambda m: f"{m.group(1)}=…", text)


class TextFormatter(logging.Formatter):
    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        about = " ".join(f"{name}={getattr(record, name)}" for name in FIELDS if hasattr(record, name))
        return scrub(super().format(record) + (f" [{about}]" if about else ""))


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(), "event": scrub(record.getMessage()), "logger": record.name}
        line.update({name: getattr(record, name) for name in FIELDS if hasattr(record, name)})
        if record.exc_info:
            line["error"] = scrub(self.formatException(record.exc_info))
        return json.dumps(line, ensure_ascii=False, default=str)


FORMATS = {"text": TextFormatter, "json": JsonFormatter}


def configure(log_format: str = "text", level: int = logging.INFO) -> None:
    """Send the server's log (and uvicorn's errors) to stderr in ``log_format``; uvicorn's access log,
    whose lines hold the URLs (and so a WebSocket's seat token), is never written."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(FORMATS[log_format]())
    for name in ("monopoly_deal", "uvicorn", "uvicorn.error"):
        logger = logging.getLogger(name)
        logger.handlers = [handler]
        logger.setLevel(level if name == "monopoly_deal" else logging.WARNING)
        logger.propagate = False
    access = logging.getLogger("uvicorn.access")
    access.handlers, access.propagate, access.disabled = [], False, True
