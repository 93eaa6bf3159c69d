"""Load on the Ask page (issue 11): N concurrent sessions on loopback, each holding a conversation
of T turns, spoken in Streamlit's own websocket protocol (the BackMsg / ForwardMsg protobufs a
browser sends), so 50 sessions cost the server what 50 browsers would and the client almost nothing.

    .venv/bin/python benchmarks/ask_load.py [--sessions 50] [--turns 5] [--port 8612] [--json]

Reports: errors (a script exception, an error turn, a timeout, a closed socket), turn latency
(p50, p95, max: a chat message sent until the server says the script run finished, so it covers
routing, the answer and re-rendering the whole conversation), the server's resident memory before
and after, and the growth per session. A report, not a test: nothing fails on a slow machine.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MESSAGES = [
    "West bid 1H over North's 1S, South did not accept it",
    "can an insufficient bid be accepted?",
    "4♠X vul 10 tricks",
    "430分几个IMP",
    "a team 12 minutes late under CCBA 21",
    "東家越序首引",
    "藏牌成立后怎么处理",
]
ERROR_WORDS = ("could not be answered", "無法回答", "无法回答")


def rss_kb(pid: int) -> int:
    """Resident memory of a process and its children (Streamlit runs in one process)."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def serve(port: int) -> subprocess.Popen:
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "streamlit", "run", "app/streamlit_app.py", "--server.headless", "true",
                             "--server.port", str(port), "--server.address", "127.0.0.1",
                             "--browser.gatherUsageStats", "false"], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2) as r:
                if r.read().strip() == b"ok":
                    return proc
        except OSError:
            time.sleep(0.3)
    proc.kill()
    raise SystemExit("streamlit did not start")


class Session:
    """One browser tab's worth of protocol: rerun the script, find the chat input, send messages."""

    def __init__(self, url: str):
        self.url = url
        self.ws = None
        self.chat_id = None
        self.errors: list[str] = []
        self.latencies: list[float] = []

    async def connect(self) -> None:
        from websockets.asyncio.client import connect       # a dependency of streamlit's server
        self.ws = await connect(self.url, subprotocols=["streamlit"], max_size=64 << 20, open_timeout=60)

    async def run(self, message: str | None, timeout: float = 120.0) -> float:
        from streamlit.proto.BackMsg_pb2 import BackMsg
        back = BackMsg()
        back.rerun_script.query_string = ""
        back.rerun_script.page_script_hash = ""
        if message is not None:
            w = back.rerun_script.widget_states.widgets.add()
            w.id = self.chat_id
            w.chat_input_value.data = message
        started = time.perf_counter()
        await self.ws.send(back.SerializeToString())
        await asyncio.wait_for(self._until_finished(), timeout)
        return time.perf_counter() - started

    async def _until_finished(self) -> None:
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
        while True:
            raw = await self.ws.recv()
            msg = ForwardMsg()
            msg.ParseFromString(raw)
            kind = msg.WhichOneof("type")
            if kind == "delta" and msg.delta.WhichOneof("type") == "new_element":
                el = msg.delta.new_element
                which = el.WhichOneof("type")
                if which == "chat_input":
                    self.chat_id = el.chat_input.id
                elif which == "exception":
                    self.errors.append(f"exception: {el.exception.message[:120]}")
                elif which == "alert" and any(w in el.alert.body for w in ERROR_WORDS):
                    self.errors.append(f"error turn: {el.alert.body[:120]}")
            elif kind == "script_finished":
                return

    async def conversation(self, turns: int, offset: int) -> None:
        try:
            await self.connect()
            await self.run(None)
            if not self.chat_id:
                raise RuntimeError("no chat input on the first page")
            for i in range(turns):
                self.latencies.append(await self.run(MESSAGES[(offset + i) % len(MESSAGES)]))
        except Exception as e:         # a benchmark reports failures, it does not stop on them
            self.errors.append(f"{e.__class__.__name__}: {e}")


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


async def main_async(args) -> dict:
    url = f"ws://127.0.0.1:{args.port}/_stcore/stream"
    # one session first: the server loads the graph and the index (what every later session shares)
    first = Session(url)
    await first.conversation(len(MESSAGES), 0)
    base = rss_kb(args.pid)
    sessions = [Session(url) for _ in range(args.sessions)]
    started = time.perf_counter()
    await asyncio.gather(*(s.conversation(args.turns, i) for i, s in enumerate(sessions)))
    wall = time.perf_counter() - started
    after = rss_kb(args.pid)
    lat = [x * 1000 for s in sessions for x in s.latencies]
    errors = [e for s in sessions for e in s.errors] + first.errors
    for s in sessions:
        if s.ws is not None:
            await s.ws.close()
    return {"sessions": args.sessions, "turns_per_session": args.turns, "turns_done": len(lat),
            "errors": len(errors), "error_samples": errors[:5], "wall_s": round(wall, 1),
            "turn_ms": {"p50": round(pct(lat, 0.5)), "p95": round(pct(lat, 0.95)), "max": round(max(lat))} if lat else None,
            "warm_single_session_turn_ms": round(statistics.median(first.latencies) * 1000) if first.latencies else None,
            "rss_mb": {"before": round(base / 1024, 1), "after": round(after / 1024, 1)},
            "rss_per_session_mb": round((after - base) / 1024 / args.sessions, 2)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sessions", type=int, default=50)
    ap.add_argument("--turns", type=int, default=5)
    ap.add_argument("--port", type=int, default=8612)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    proc = serve(args.port)
    args.pid = proc.pid
    try:
        out = asyncio.run(main_async(args))
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
    else:
        t = out["turn_ms"] or {}
        print(f"{out['sessions']} sessions x {out['turns_per_session']} turns: {out['turns_done']} turns, "
              f"{out['errors']} errors, wall {out['wall_s']} s")
        print(f"turn latency: p50 {t.get('p50')} ms, p95 {t.get('p95')} ms, max {t.get('max')} ms "
              f"(one warm session alone: {out['warm_single_session_turn_ms']} ms)")
        print(f"server memory: {out['rss_mb']['before']} MB -> {out['rss_mb']['after']} MB, "
              f"{out['rss_per_session_mb']} MB per session")
        for e in out["error_samples"]:
            print("  error:", e)


if __name__ == "__main__":
    main()
