"""Workers die with their driver: no request and no state write once the driver is gone."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

WORKER = """
import json, sys, time
from pathlib import Path
from generator import lifeline
from generator.state import Appender
lifeline.follow(sys.argv[1])
out = Appender(Path(sys.argv[2]))
print("ready", flush=True)
while True:
    out.write(json.dumps({"t": time.time()}))
    time.sleep(0.001)
"""


def test_a_worker_writes_nothing_after_its_driver_is_killed(tmp_path):
    driver = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    lock = json.dumps({"pid": driver.pid, "host": socket.gethostname(), "started": int(time.time())})
    state = tmp_path / "state.jsonl"
    worker = subprocess.Popen([sys.executable, "-c", WORKER, lock, str(state)], stdout=subprocess.PIPE, text=True,
                              cwd=Path(__file__).resolve().parents[1])
    assert worker.stdout is not None and worker.stdout.readline().strip() == "ready"
    time.sleep(0.3)
    driver.send_signal(signal.SIGKILL)
    driver.wait(timeout=10)
    gone = time.time()
    worker.wait(timeout=10)  # it ends by itself
    stamps = [json.loads(x)["t"] for x in state.read_text().splitlines()]
    assert len(stamps) > 10 and worker.returncode == 1
    late = [t for t in stamps if t > gone]
    assert late == [], f"{len(late)} writes after the driver was gone"


def test_a_driver_on_another_host_is_not_followed():
    from generator import lifeline

    lifeline.follow(json.dumps({"pid": 1, "host": "some-other-node"}))
    assert lifeline._driver is None
    lifeline.check()  # nothing to follow: never ends this process


RAY_DRIVER = """
import os, sys, time
from generator.engine import Overrides
from generator.engines.ray_tasks import RayEngine
engine = RayEngine(Overrides(engine="ray", workers=1))
node = engine.ray._private.worker._global_node
pids = [i.process.pid for infos in node.all_processes.values() for i in infos]
print(" ".join(map(str, pids)), flush=True)
time.sleep(300)
"""


def descendants(pids: set[int]) -> set[int]:
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    todo, seen = list(pids), set()
    while todo:
        pid = todo.pop()
        if pid not in seen:
            seen.add(pid)
            todo.extend(children.get(pid, []))
    return seen


def test_a_local_ray_started_by_trajgen_dies_with_a_killed_driver():
    import os

    import pytest

    pytest.importorskip("ray")
    driver = subprocess.Popen([sys.executable, "-c", RAY_DRIVER], stdout=subprocess.PIPE, text=True,
                              cwd=Path(__file__).resolve().parents[1], start_new_session=True)
    assert driver.stdout is not None
    ray_pids = {int(p) for p in driver.stdout.readline().split()}
    assert ray_pids, "Ray said nothing about its processes"
    time.sleep(2)
    everything = descendants(ray_pids)
    driver.send_signal(signal.SIGKILL)
    driver.wait(timeout=10)
    deadline = time.monotonic() + 20
    alive = everything
    while alive and time.monotonic() < deadline:
        time.sleep(0.5)
        alive = {p for p in everything if Path(f"/proc/{p}").exists()
                 and "Z" not in Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()[0]}
    assert not alive, f"{len(alive)} of Ray's {len(everything)} processes outlived the driver"
    del os
