"""Queries run in worker processes, so that a time limit can stop any of them.

Oxigraph evaluates a query inside one Rust call that Python cannot interrupt, and a hostile query
(a cross product, a regex over every literal) can run for minutes or crash the process (its parser
overflows the stack on deep nesting). So the endpoint and `python -m query sparql` never query in
their own process: each query goes to one of `size` worker processes, each holding its own copy of
the store (~0.5 s to load, ~100 MB). A worker that runs past the time limit is killed and a fresh one
started; a worker that dies is replaced the same way. The caller gets a clear error either way.

Each worker, where the kernel allows it, drops into a new user and network namespace (no network at
all: a SERVICE call that got past `safety` still cannot leave the machine), caps its address space
at MEMORY_CAP bytes, and only ever calls `Store.query` (which cannot run an update).
Workers are started with `python -m query.opendata.workers FD` over a socket pair (not
multiprocessing's spawn, which would re-run `python -m query`'s __main__ in the child).
"""
from __future__ import annotations

import asyncio
import ctypes
import os
import resource
import socket
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.connection import Connection
from pathlib import Path

from query.opendata.safety import Refused

ROOT = Path(__file__).resolve().parents[2]
TIME_LIMIT = 10.0            # seconds a query may run
MEMORY_CAP = 2_000_000_000   # bytes of address space per worker
MAX_WAITING = 500            # queries waiting for a worker before the endpoint says it is busy
START_TIMEOUT = 60.0


def _isolate() -> bool:
    """No network for this process (new user + network namespace); False where not permitted."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.unshare(0x10000000 | 0x40000000) == 0      # CLONE_NEWUSER | CLONE_NEWNET
    except (OSError, AttributeError):
        return False


class Worker:
    """One worker process and its end of the socket pair; `plan` says which files to load."""

    def __init__(self, plan: list[tuple[str, str]]) -> None:
        parent, child = socket.socketpair()
        env = {**os.environ, "PYTHONPATH": str(ROOT), "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
        self.proc = subprocess.Popen([sys.executable, "-m", "query.opendata.workers", str(child.fileno())],
                                     pass_fds=[child.fileno()], cwd=ROOT, env=env, stdin=subprocess.DEVNULL)
        child.close()
        self.conn = Connection(parent.detach())
        self.conn.send(plan)
        if not self.conn.poll(START_TIMEOUT):
            self.kill()
            raise RuntimeError("a query worker did not start")
        self.isolated = self.conn.recv()["isolated"]

    def ask(self, request: tuple, timeout: float) -> tuple:
        """Send one request and wait for the answer; TimeoutError or EOFError leave the worker unusable."""
        self.conn.send(request)
        if not self.conn.poll(timeout):
            raise TimeoutError
        return self.conn.recv()

    def kill(self) -> None:
        try:
            self.proc.kill()
            self.proc.wait(5)
        except (OSError, subprocess.TimeoutExpired):
            pass
        self.conn.close()


def _answer(reply: tuple):
    if reply[0] == "ok":
        return reply[1], reply[2], reply[3]
    _, status, kind, message = reply
    raise Refused(message, status, kind)


class Pool:
    """`size` workers; `run` (async, for the endpoint) and `run_sync` (for the command line)."""

    def __init__(self, size: int = 2, time_limit: float = TIME_LIMIT, spare: bool = True) -> None:
        from query.opendata.store import plan
        self.plan = plan()
        self.size = size
        self.time_limit = time_limit
        self.threads = ThreadPoolExecutor(max_workers=size + 3, thread_name_prefix="sparql-wait")
        with ThreadPoolExecutor(max_workers=size) as starter:     # start them side by side
            self.workers = list(starter.map(lambda _: Worker(self.plan), range(size)))
        self.isolated = all(w.isolated for w in self.workers)
        self.idle: asyncio.Queue | None = None
        self.waiting = 0
        self.restarts = 0
        self.lock = threading.Lock()
        # a started spare replaces a killed worker at once (starting one takes 1-5 s on a busy machine)
        self.spare: Worker | None = None
        self.spare_wanted = spare
        self.spare_ready = threading.Event()
        if spare:
            self.threads.submit(self._refill)

    def _refill(self) -> None:
        try:
            worker = Worker(self.plan)
        except (RuntimeError, OSError):
            worker = None
        with self.lock:
            self.spare = worker
        self.spare_ready.set()

    def _replace(self, worker: Worker) -> Worker:
        worker.kill()
        with self.lock:
            self.restarts += 1
            spare, self.spare = self.spare, None
        if spare is not None:
            self.spare_ready.clear()
            self.threads.submit(self._refill)
            return spare
        return Worker(self.plan)

    def _exchange(self, worker: Worker, request: tuple) -> tuple[Worker, tuple]:
        """(the worker to return to the pool, the reply): a timed-out or dead worker is replaced."""
        try:
            return worker, worker.ask(request, self.time_limit)
        except TimeoutError:
            reply = ("error", 503, "time-limit",
                     f"the query ran longer than the time limit of {self.time_limit:g} s and was stopped")
        except (EOFError, OSError):
            reply = ("error", 500, "worker-crashed", "the query stopped its worker process (it was restarted)")
        return self._replace(worker), reply

    async def run(self, request: tuple):
        if self.idle is None:
            self.idle = asyncio.Queue()
            for w in self.workers:
                self.idle.put_nowait(w)
        if self.waiting >= MAX_WAITING:
            raise Refused("the endpoint is busy; try again shortly", 503, "busy")
        self.waiting += 1
        try:
            worker = await self.idle.get()
        finally:
            self.waiting -= 1
        loop = asyncio.get_running_loop()
        try:
            worker, reply = await loop.run_in_executor(self.threads, self._exchange, worker, request)
        finally:
            self.idle.put_nowait(worker)
        return _answer(reply)

    def run_sync(self, request: tuple):
        worker, reply = self._exchange(self.workers[0], request)
        self.workers[0] = worker
        return _answer(reply)

    def close(self) -> None:
        for w in self.workers:
            w.kill()
        if self.spare_wanted:
            self.spare_ready.wait(START_TIMEOUT)
        with self.lock:
            if self.spare is not None:
                self.spare.kill()
        self.threads.shutdown(wait=False)


def _serve(fd: int) -> None:
    """The worker process: isolate, load the store, answer requests until the socket closes."""
    isolated = _isolate()
    try:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))
    except (ValueError, OSError):
        pass
    from query.opendata import results
    conn = Connection(fd)
    plan = conn.recv()
    import pyoxigraph as ox
    data = ox.Store()
    for path, graph in plan:         # as store.load does, without importing rdflib here
        data.bulk_load(path=path, format=ox.RdfFormat.TURTLE, to_graph=ox.NamedNode(graph))
    conn.send({"isolated": isolated, "triples": len(data)})
    while True:
        try:
            query, wanted, default_graphs, named_graphs = conn.recv()
        except (EOFError, OSError):
            return
        started = time.perf_counter()
        try:
            body, name, media = results.run(data, query, wanted, default_graphs, named_graphs)
            reply = ("ok", body, name, media, time.perf_counter() - started)
        except Refused as e:
            reply = ("error", e.status, e.kind, str(e))
        except MemoryError:
            reply = ("error", 503, "memory", "the query needed more memory than a query may use")
        except Exception as e:          # noqa: BLE001 - one bad query must not end the worker
            reply = ("error", 500, "internal", f"the query failed: {type(e).__name__}")
        conn.send(reply)


if __name__ == "__main__":
    _serve(int(sys.argv[1]))
