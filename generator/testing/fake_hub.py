"""A local stand-in for the Hugging Face Hub's upload API, for testing `trajgen push` offline.

It answers the requests `huggingface_hub` makes for `create_repo` + `upload_folder` of a dataset
(create the repository, validate the card's YAML, pre-upload, commit) over real HTTP on
127.0.0.1, stores what a commit carries, and checks what the Hub checks: the README's YAML header
parses and names a known licence, and `configs` entries have a name and data files. Every
file is answered as a "regular" (inline) upload, so no LFS or Xet storage is involved.

    server = FakeHub(); server.start(); ...  HfApi(endpoint=server.url) ...; server.stop()
"""

from __future__ import annotations

import base64
import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import yaml

from ..hub.config import HUB_LICENSES

COMMIT = re.compile(r"^/api/datasets/(?P<repo>[^/]+/[^/]+)/(?P<op>preupload|commit)/(?P<rev>[^/?]+)")


def yaml_errors(content: str) -> list[str]:
    """What the Hub's metadata check would refuse in a README."""
    if not content.startswith("---"):
        return []
    parts = content.split("---", 2)
    try:
        data = yaml.safe_load(parts[1]) if len(parts) == 3 else None
    except yaml.YAMLError as exc:
        return [f"YAML does not parse: {exc}"]
    if not isinstance(data, dict):
        return ["metadata must be a mapping"]
    errors = [f'"license" must be one of the Hub licences, got {data.get("license")!r}'
              ] if "license" in data and data["license"] not in HUB_LICENSES else []
    for c in data.get("configs") or []:
        if not isinstance(c, dict) or not c.get("config_name") or not c.get("data_files"):
            errors.append(f"configs entry without config_name or data_files: {c!r}")
    return errors


class FakeHub:
    def __init__(self) -> None:
        self.repos: dict[str, dict[str, Any]] = {}  # repo id -> {"private": bool, "files": {path: bytes}}
        self.requests: list[str] = []
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def start(self) -> FakeHub:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        hub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:  # quiet
                pass

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                hub.requests.append(f"POST {self.path}")
                status, reply = hub.route(self.path, body)
                data = json.dumps(reply).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        return Handler

    def route(self, path: str, body: bytes) -> tuple[int, dict[str, Any]]:
        if path.startswith("/api/repos/create"):
            return self.create(json.loads(body))
        if path.startswith("/api/validate-yaml"):
            errors = yaml_errors(json.loads(body)["content"])
            return (400, {"errors": [{"message": e} for e in errors]}) if errors else (200, {})
        m = COMMIT.match(path)
        if m is None or m["repo"] not in self.repos:
            return 404, {"error": f"Repository not found: {path}"}
        if m["op"] == "preupload":
            files = json.loads(body)["files"]
            return 200, {"files": [{"path": f["path"], "uploadMode": "regular", "shouldIgnore": False, "oid": None}
                                   for f in files]}
        return self.commit(m["repo"], body)

    def create(self, payload: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        repo = f"{payload.get('organization')}/{payload['name']}" if payload.get("organization") else payload["name"]
        self.repos.setdefault(repo, {"private": payload.get("visibility") == "private", "files": {}})
        return 200, {"url": f"{self.url}/datasets/{repo}", "name": repo, "id": repo}

    def commit(self, repo: str, body: bytes) -> tuple[int, dict[str, Any]]:
        for line in body.decode().splitlines():
            item = json.loads(line)
            if item["key"] == "file":
                value = item["value"]
                self.repos[repo]["files"][value["path"]] = base64.b64decode(value["content"])
            elif item["key"] != "header":
                return 400, {"error": f"unsupported commit operation {item['key']}"}
        oid = "0" * 40
        return 200, {"commitUrl": f"{self.url}/datasets/{repo}/commit/{oid}", "commitOid": oid,
                     "pullRequestUrl": None}
