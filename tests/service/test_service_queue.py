"""The heavy-work queue on Redis, for several machines (issue 30; docs/api.md, "Serving"): two servers on one
database and one Redis queue, one of them without a consumer of its own (a machine that only serves requests):
its hints are computed by the other machine's consumer, and the bots of a game created on it play.  Needs Redis's
``redis-server`` program (Debian's ``redis-server`` package; ``.ci/run`` installs it), started here on a free
loopback port and stopped afterwards; skipped, saying so, when it is missing."""

from __future__ import annotations

import shutil
import subprocess
import time

import pytest
import redis

from tests.service.databases import fresh_database
from tests.service.service_http import Server, free_port

REDIS = shutil.which("redis-server")


@pytest.fixture
def redis_url(tmp_path):
    if REDIS is None:
        pytest.skip("redis-server is not installed (apt-get install redis-server): the Redis queue is not tested")
    port = free_port()
    proc = subprocess.Popen([REDIS, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                             "--dir", str(tmp_path)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    client = redis.Redis(port=port)
    deadline = time.monotonic() + 10
    while True:
        try:
            client.ping()
            break
        except redis.ConnectionError:
            assert time.monotonic() < deadline, "redis-server did not start"
            time.sleep(0.05)
    yield f"redis://127.0.0.1:{port}/0"
    proc.terminate()
    proc.wait(timeout=10)


def test_a_machine_without_a_consumer_gets_its_heavy_work_done_by_another_through_redis(tmp_path, redis_url):
    url = fresh_database(tmp_path, "redis_queue")
    working = Server(url, env={"FLASK_TASK_QUEUE": redis_url}).start()
    serving = Server(url, env={"FLASK_TASK_QUEUE": redis_url, "TASK_WORKERS": "0"}).start()
    try:
        c = serving.client
        created = c.post("/games", {"players": 1, "seed": 3}).json()
        hint = c.get(f"/games/{created['id']}/hint?top=2", token=created["tokens"][0]["token"])
        assert hint.status == 200, hint.text
        assert hint.json()["options"] and hint.json()["version"] == 0
        bots = c.post("/games", {"players": 2, "seed": 3, "seats": [{"bot": "random"}, {"bot": "random"}]}).json()
        deadline = time.monotonic() + 60
        while not (state := c.get(f"/games/{bots['id']}").json())["finished"]:
            assert time.monotonic() < deadline, "the bots did not play through the shared queue"
            time.sleep(0.2)
        assert state["moves_played"] > 0
    finally:
        serving.stop()
        working.stop()
