"""Running many independent tasks (arena games, tournament matches): here, in worker processes, or on Ray.

>>> sorted(run_all(abs, [-3, 1, -2]))                 # one process; jobs=2 or ray="auto" give the same set
[1, 2, 3]

Results come back as tasks finish, in any order: callers sort them (every task
carries its index) and derive every seed from the index, so results never
depend on where or when a task ran. Ray is an optional extra
(``pip install "monopoly-deal[ray]"``); ``ray="auto"`` joins the cluster this
machine belongs to (``RAY_ADDRESS``, or one started with ``ray start``) or starts
a local one, and any other value is a cluster's address (``ray://head:10001``,
``head:6379``).
"""

from __future__ import annotations

import logging
import multiprocessing
import signal
import socket
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

from .engine.refusal import Refusal

T = TypeVar("T")
R = TypeVar("R")

RAY_MISSING = 'Ray is not installed; install it with: python -m pip install "monopoly-deal[ray]"'


class RayUnavailable(Refusal):
    """``--ray`` was asked for, but Ray is not installed or the cluster cannot be joined (words:
    ``ray-error.<code>``)."""

    def __init__(self, code: str, english: str, **params: object) -> None:
        super().__init__(f"ray-error.{code}", english, **params)


#: How long joining a cluster's address may take to answer before it is given up.
REACH_SECONDS = 10.0


def check_ray(address: str | None = None) -> None:
    """Raise :class:`RayUnavailable` (saying how to install it) unless Ray can be imported, and (for a
    cluster's ``address``, not ``auto``) unless that address answers within :data:`REACH_SECONDS`: Ray
    itself would wait minutes for a head that is not there."""
    try:
        import ray  # noqa: F401
    except ImportError:
        raise RayUnavailable("missing", RAY_MISSING) from None
    if address is None or address == "auto":
        return
    client = address.startswith("ray://")
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        host, port = address.removeprefix("ray://"), "10001" if client else "6379"
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=REACH_SECONDS).close()
    except (OSError, ValueError) as error:
        reason = getattr(error, "strerror", None) or str(error) or type(error).__name__
        raise RayUnavailable("unreachable", f"cannot reach the Ray cluster at {address} ({reason}): is its head "
                             "running? ('ray start --head' starts one; --ray auto starts a local one)",
                             address=address, reason=reason) from None


def run_all(task: Callable[[T], R], items: Sequence[T], jobs: int = 1, ray: str | None = None) -> Iterator[R]:
    """``task(item)`` for every item, as they finish: in this process (``jobs`` 1), in ``jobs``
    worker processes, or as Ray tasks (``ray``: ``"auto"`` or a cluster address)."""
    if ray is not None:
        return _on_ray(task, items, ray)
    if jobs <= 1:
        return _in_this_process(task, items)
    return _in_processes(task, items, jobs)


def _in_this_process(task: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
    """``task`` on each item here; Ctrl+C is heard between two items (as ``KeyboardInterrupt``), never inside
    one: the compiled engine must not be interrupted half-way through a move."""
    with ctrl_c_between_steps() as asked:
        for item in items:
            yield task(item)
            if asked():
                raise KeyboardInterrupt


@contextmanager
def ctrl_c_between_steps() -> Iterator[Callable[[], bool]]:
    """While inside, Ctrl+C (SIGINT) is only noted; the caller asks whether it came between its steps."""
    if threading.current_thread() is not threading.main_thread():
        yield lambda: False
        return
    heard: list[bool] = []
    previous = signal.signal(signal.SIGINT, lambda *_: heard.append(True))
    try:
        yield lambda: bool(heard)
    finally:
        signal.signal(signal.SIGINT, previous)


def _in_processes(task: Callable[[T], R], items: Sequence[T], jobs: int) -> Iterator[R]:
    context = multiprocessing.get_context("spawn" if sys.platform != "linux" else "fork")
    with context.Pool(jobs, initializer=_leave_ctrl_c_to_the_parent) as pool:   # exiting stops the workers
        yield from pool.imap_unordered(task, items)


def _leave_ctrl_c_to_the_parent() -> None:
    """A worker ignores Ctrl+C (which the terminal sends to every process of the command): the parent stops
    them, and no worker prints a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _call(task: Callable[[Any], Any], item: Any) -> Any:
    return task(item)


def _on_ray(task: Callable[[T], R], items: Iterable[T], address: str) -> Iterator[R]:
    check_ray()
    import ray

    started = not ray.is_initialized()
    if started:
        try:
            ray.init(address=None if address == "auto" else address, logging_level=logging.WARNING)
        except (ConnectionError, RuntimeError, ValueError) as error:
            raise RayUnavailable("cannot-join", f"cannot join the Ray cluster {address}: "
                                 f"{str(error).splitlines()[0]}", address=address) from None
    try:
        remote = ray.remote(_call)
        shared = ray.put(task)  # sent once, not once a task
        pending = [remote.remote(shared, item) for item in items]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield ray.get(done[0])
    finally:
        if started:
            ray.shutdown()
