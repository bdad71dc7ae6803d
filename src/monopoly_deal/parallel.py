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
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")

RAY_MISSING = 'Ray is not installed; install it with: python -m pip install "monopoly-deal[ray]"'


class RayUnavailable(RuntimeError):
    """``--ray`` was asked for, but Ray is not installed or the cluster cannot be joined."""


def check_ray() -> None:
    """Raise :class:`RayUnavailable` (saying how to install it) unless Ray can be imported."""
    try:
        import ray  # noqa: F401
    except ImportError:
        raise RayUnavailable(RAY_MISSING) from None


def run_all(task: Callable[[T], R], items: Sequence[T], jobs: int = 1, ray: str | None = None) -> Iterator[R]:
    """``task(item)`` for every item, as they finish: in this process (``jobs`` 1), in ``jobs``
    worker processes, or as Ray tasks (``ray``: ``"auto"`` or a cluster address)."""
    if ray is not None:
        return _on_ray(task, items, ray)
    if jobs <= 1:
        return map(task, items)
    return _in_processes(task, items, jobs)


def _in_processes(task: Callable[[T], R], items: Sequence[T], jobs: int) -> Iterator[R]:
    with multiprocessing.get_context("spawn" if sys.platform != "linux" else "fork").Pool(jobs) as pool:
        yield from pool.imap_unordered(task, items)


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
            raise RayUnavailable(f"cannot join the Ray cluster {address}: {str(error).splitlines()[0]}") from None
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
