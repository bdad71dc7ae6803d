"""How much a WebSocket client may ask: a token bucket per connection, and one shared by all of one client's
connections, spent by what each message costs (:data:`COSTS`)."""

from __future__ import annotations

import time

from .limits import LobbyLimits

#: What a client message costs from its connection's budget (``LobbyLimits.messages_per_second``
#: units a second, bursts of ``message_burst``), weighed by what its answer costs against what a
#: person needs: an action is checked, stored and sent to everyone, and a program may play fast
#: (50 a second); a ``lang`` answer is the largest (every card's words and the whole log, tens of
#: KiB), and a person changes language once, but every page of one address (tabs, players at one
#: table) sends one when it connects, so a restart reconnects them all at once (at 100, five tabs
#: were refused); a ``hint`` is a search by the strongest bot (thought in the bot pool, one at a
#: time per seat), asked now and then.
COSTS = {"ping": 1, "bad": 2, "act": 2, "lang": 20, "hint": 20}
#: Every connection of one client (one address) draws also from a budget shared by them all, this
#: many connections' worth: many tabs or sockets do not multiply what one client may cost.
CLIENT_SHARE = 5


class Throttle:
    """A token bucket: ``rate`` units a second on average, bursts of up to ``burst``.

    >>> bucket, shared = Throttle(rate=10, burst=30), Throttle(rate=10, burst=20)
    >>> bucket.allow(25), bucket.allow(25), bucket.allow(1, shared), bucket.refused
    (True, False, True, 1)
    """

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.stamp = time.monotonic()
        self.refused = 0

    def _refill(self) -> None:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now

    def allow(self, cost: float = 1, shared: Throttle | None = None) -> bool:
        """Spend ``cost`` from this bucket and from ``shared`` (a budget shared with other connections),
        or from neither when one of them does not hold it."""
        buckets = (self,) if shared is None else (self, shared)
        for bucket in buckets:
            bucket._refill()
        if all(bucket.tokens >= cost for bucket in buckets):
            for bucket in buckets:
                bucket.tokens -= cost
            return True
        self.refused += 1
        return False


class ClientBudgets:
    """One shared :class:`Throttle` per client address, kept while it has a connection open."""

    def __init__(self) -> None:
        self._budgets: dict[str, tuple[Throttle, int]] = {}

    def open(self, client: str, limits: LobbyLimits) -> Throttle:
        budget, count = self._budgets.get(client) or (
            Throttle(limits.messages_per_second * CLIENT_SHARE, limits.message_burst * CLIENT_SHARE), 0)
        self._budgets[client] = (budget, count + 1)
        return budget

    def close(self, client: str) -> None:
        budget, count = self._budgets[client]
        if count > 1:
            self._budgets[client] = (budget, count - 1)
        else:
            del self._budgets[client]
