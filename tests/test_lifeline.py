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
