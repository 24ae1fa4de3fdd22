"""Where a batch of tournaments runs: a Dask cluster, embedded or reached at an address.

Shared by ``swisschess verify`` and ``benchmarks/endorsement.py --scheduler``:
both run one Dask task per tournament (per seed), either on an embedded
``LocalCluster`` of single-threaded worker processes or on the workers of a
``dask scheduler`` started elsewhere (``dask worker tcp://HOST:PORT`` on each
machine, with swisschess installed).  A seed gives the same tournament on any
worker, so where a task ran never changes its verdict.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import CancelledError
from contextlib import contextmanager
from itertools import islice
from typing import TYPE_CHECKING, Protocol, TypeVar

if TYPE_CHECKING:
    from distributed import Client


class ClusterError(Exception):
    """The Dask scheduler cannot be reached, or no worker joined it."""


class ClusterLost(ClusterError):
    """The Dask scheduler went away during the run."""


class Seeded(Protocol):
    """A task that names its tournament by seed (said when its scheduler is lost)."""

    @property
    def seed(self) -> int: ...


T = TypeVar("T", bound=Seeded)
R = TypeVar("R")


@contextmanager
def dask_client(scheduler: str | None, workers: int, timeout: float) -> Iterator[Client]:
    """A Dask client: of ``scheduler``, or of an embedded LocalCluster of ``workers``.

    The embedded cluster has one single-threaded worker process per core (the
    engine is pure Python: threads would share one interpreter lock) and no
    dashboard.  Raises :class:`ClusterError` with a one-line reason.
    """
    import logging

    import distributed  # noqa: F401  (sets up Dask's loggers, each with its own level)

    # Dask logs a lost connection with its traceback; the caller says it in one line
    loggers = [logging.getLogger("distributed")] + [
        lg for name, lg in logging.Logger.manager.loggerDict.items()
        if name.startswith("distributed.") and isinstance(lg, logging.Logger)
        and lg.level != logging.NOTSET]
    levels = [lg.level for lg in loggers]
    for lg in loggers:
        lg.setLevel(logging.CRITICAL)
    try:
        with _connected(scheduler, workers, timeout) as client:
            yield client
    finally:
        for lg, level in zip(loggers, levels, strict=True):
            lg.setLevel(level)


@contextmanager
def _connected(scheduler: str | None, workers: int, timeout: float) -> Iterator[Client]:
    import logging

    from distributed import Client, LocalCluster

    if scheduler:
        try:
            client = Client(scheduler, timeout=timeout)
        except (OSError, ValueError, TypeError, TimeoutError) as e:
            raise ClusterError(f"--scheduler {scheduler}: cannot connect ({e}); is "
                               f"'dask scheduler' running there?") from None
        try:
            try:
                client.wait_for_workers(1, timeout=timeout)
            except (TimeoutError, OSError) as e:
                raise ClusterError(f"--scheduler {scheduler}: no worker joined within "
                                   f"{timeout:g} s ({e}); start one with "
                                   f"'dask worker {scheduler}'") from None
            yield client
        finally:
            client.close()
        return
    # no dashboard; the scheduler's small HTTP server (health checks) on any free port
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                      host="127.0.0.1", dashboard_address=None,
                      scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
                      silence_logs=logging.ERROR) as cluster, \
            Client(cluster) as client:
        yield client


def map_on_dask(client: Client, fn: Callable[[T], R], tasks: Iterable[T],
                lost: Callable[[T, str], R]) -> Iterator[R]:
    """``fn(task)`` for every task as one Dask task, each answer as soon as it is done.

    At most a window of tasks is queued at a time (eight per worker thread, at
    least 64; re-sized every 64 answers, as workers join or leave): every
    worker stays busy while a 50,000-tournament run never holds 50,000
    futures.  A task lost with its worker (after Dask's own retries) or that
    could not be sent is answered by ``lost(task, reason)``; a task cancelled
    by the scheduler means the scheduler is gone: :class:`ClusterLost`.
    """
    from distributed import as_completed

    def window(now: int) -> int:
        try:
            return max(8 * sum(client.nthreads().values()), 64)
        except Exception:  # the scheduler is going: the next answer will say so
            return now

    size = window(64)
    done = 0
    pending = iter(tasks)
    of_key: dict[object, T] = {}
    running = as_completed()

    def submit(task: T) -> None:
        fut = client.submit(fn, task, pure=False)
        of_key[fut.key] = task
        running.add(fut)

    for task in islice(pending, size):
        submit(task)
    for fut in running:
        task = of_key.pop(fut.key)
        try:
            answer = fut.result()
        except CancelledError as e:  # not one task's fault: the scheduler is gone
            why = " ".join(str(e).split())
            raise ClusterLost(f"the scheduler cancelled seed {task.seed} ({why}); "
                              f"was it stopped?") from None
        except Exception as e:  # the worker died with it (each time), or it could not be sent
            answer = lost(task, f"{type(e).__name__}: {e}")
        del fut
        yield answer
        done += 1
        if done % 64 == 0:
            size = window(size)
        for nxt in islice(pending, max(1, size - len(of_key))):
            submit(nxt)
