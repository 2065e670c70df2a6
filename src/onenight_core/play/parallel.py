"""Batches played in parts: in worker processes (``simulate --jobs N``) or on a Dask cluster
(``simulate --cluster ADDRESS``).

A batch is cut into parts of consecutive games; each part carries the seeds of its games (the slice of
``game_seeds`` it covers), so game ``i`` is played with the same seed wherever it runs, and the parts'
tallies are sums: the statistics are the same for every number of jobs and every part size.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from itertools import islice
from typing import Any, TypeVar

T = TypeVar("T")

#: The most games in one part: small enough for an even spread and a live progress bar, big enough
#: that sending a part (its seeds and the set-up) costs nothing next to playing it.
PART_GAMES = 2_000
#: Seconds to wait for a Dask scheduler to answer (``--cluster``).
CLUSTER_TIMEOUT = 10


def default_jobs() -> int:
    """The cores this process may run on (``--jobs``'s default)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # macOS, Windows
        return max(1, os.cpu_count() or 1)


@contextmanager
def frozen_gc() -> Iterator[None]:
    """Move every object alive now (catalog, scripts, the engine's shared values) out of the garbage
    collector's sight for the batch (``gc.freeze``): its full collections no longer walk them, and a
    forked worker does not touch (and so copy) their pages. Nested uses freeze once."""
    if gc.get_freeze_count():
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def part_size(games: int, workers: int) -> int:
    """Games per part: about four parts per worker, at most ``PART_GAMES``."""
    return max(1, min(PART_GAMES, -(-games // (4 * max(1, workers)))))


def parts(seeds: Iterable[Any], size: int) -> Iterator[tuple[Any, ...]]:
    it = iter(seeds)
    while chunk := tuple(islice(it, size)):
        yield chunk


def _start_method() -> str:
    import multiprocessing

    # Not "fork": the caller may run threads (the progress bar's refresh), and a forked child of a
    # threaded process can inherit a held lock. A fork server forks from a clean, single-threaded process.
    return "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"


def run_parts(play: Callable[..., T], args: tuple[Any, ...], seeds: Iterable[Any], games: int, jobs: int,
              cluster: str | None = None, progress: Callable[[int], None] | None = None) -> Iterator[T]:
    """``play(*args, part_seeds)`` for each part of ``seeds`` (the games' seeds, or any picklable items:
    ``balance`` sends (deck, seed) pairs), in ``jobs`` processes or on the Dask
    cluster at ``cluster``; yields each part's result as it finishes (in any order) and calls
    ``progress(games done)`` after each."""
    if cluster is not None:
        yield from _on_cluster(play, args, seeds, games, cluster, progress)
        return
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    size = part_size(games, jobs)
    todo = parts(seeds, size)
    done = 0
    context = multiprocessing.get_context(_start_method())
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        running = {pool.submit(play, *args, chunk): len(chunk) for chunk in islice(todo, 2 * jobs)}
        while running:
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                done += running.pop(future)
                yield future.result()
                for chunk in islice(todo, 1):
                    running[pool.submit(play, *args, chunk)] = len(chunk)
            if progress is not None:
                progress(done)


def _on_cluster(play: Callable[..., T], args: tuple[Any, ...], seeds: Iterable[Any], games: int,
                address: str, progress: Callable[[int], None] | None) -> Iterator[T]:
    try:
        from distributed import Client, as_completed  # type: ignore[import-not-found,unused-ignore]  # noqa: E501
    except ImportError as exc:
        from ..errors import SetupError
        from ..model.messages import say

        raise SetupError("--cluster needs dask.distributed: pip install 'onenight[cluster]'",
                         said=say("error_cluster_missing")) from exc
    try:
        client = Client(address, set_as_default=False, timeout=CLUSTER_TIMEOUT)
    except (OSError, TimeoutError, ValueError) as exc:
        from ..errors import SetupError
        from ..model.messages import say

        raise SetupError(f"no Dask scheduler answers at {address!r}: {exc}",
                         said=say("error_cluster_unreachable", given=repr(address))) from exc
    try:
        workers = max(1, sum(client.nthreads().values()))
        todo = parts(seeds, part_size(games, workers))
        sizes = {client.submit(play, *args, chunk, pure=False): len(chunk)
                 for chunk in islice(todo, 2 * workers)}
        pending = as_completed(list(sizes), loop=client.loop)
        done = 0
        for future in pending:
            done += sizes.pop(future)
            yield future.result()
            for chunk in islice(todo, 1):
                new = client.submit(play, *args, chunk, pure=False)
                sizes[new] = len(chunk)
                pending.add(new)
            if progress is not None:
                progress(done)
    finally:
        client.close()
