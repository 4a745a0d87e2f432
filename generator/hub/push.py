"""`trajgen push RUN_DIR REPO_ID`: publish a run directory as a Hugging Face dataset repository.

Uploads exactly the files the run's manifest lists, plus README.md (the card) and manifest.json,
in one commit through `huggingface_hub` (the `hub` extra); never the resumable state (.state/)
or the LLM cache (.cache/). The card's YAML header is checked before anything is sent.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import yaml

from ..errors import ConfigError, InputError, TrajgenError

ALWAYS = ("README.md", "manifest.json")


class PushError(TrajgenError):
    """The Hub refused the upload (authentication, permissions, a bad repository id...)."""


@dataclass
class PushResult:
    repo_url: str
    commit_url: str
    files: list[str]


def run_files(run_dir: Path) -> list[str]:
    """The files to publish, relative to the run directory; InputError if it is not a run."""
    manifest = run_dir / "manifest.json"
    if not run_dir.is_dir():
        raise InputError("not a directory", file=str(run_dir))
    try:
        listed = json.loads(manifest.read_text(encoding="utf-8"))["files"]
    except (OSError, ValueError, KeyError, TypeError):
        raise InputError("not a trajgen run directory (no readable manifest.json with a file list)",
                         file=str(run_dir)) from None
    missing = [f for f in [*listed, *ALWAYS] if not (run_dir / f).is_file()]
    if missing:
        raise InputError(f"{len(missing)} file(s) of the manifest are missing (first: {missing[0]}); "
                         "rerun `trajgen generate` to restore them", file=str(run_dir))
    return sorted(set(listed) | set(ALWAYS))


def card_header(run_dir: Path) -> dict:
    """The card's YAML header, parsed the way the Hub does; InputError when it is not usable."""
    text = (run_dir / "README.md").read_text(encoding="utf-8")
    parts = text.split("---", 2)
    if not text.startswith("---") or len(parts) < 3:
        raise InputError("README.md has no YAML header (`---` block)", file=str(run_dir / "README.md"))
    try:
        data = yaml.safe_load(parts[1])
    except yaml.YAMLError as exc:
        raise InputError(f"README.md's YAML header does not parse: {exc}", file=str(run_dir / "README.md")) from None
    if not isinstance(data, dict) or not data.get("configs"):
        raise InputError("README.md's YAML header declares no `configs`", file=str(run_dir / "README.md"))
    return data


def push(run_dir: Path, repo_id: str, *, private: bool = False, token: str | None = None,
         endpoint: str | None = None, message: str | None = None) -> PushResult:
    try:
        from huggingface_hub import HfApi
        from huggingface_hub.errors import HfHubHTTPError
    except ImportError:
        raise ConfigError("`trajgen push` needs huggingface_hub: pip install 'trajgen[hub]'") from None
    files = run_files(run_dir)
    card_header(run_dir)
    api = HfApi(endpoint=endpoint, token=token)
    try:
        repo = api.create_repo(repo_id, repo_type="dataset", private=private, exist_ok=True)
        info = api.upload_folder(folder_path=run_dir, repo_id=repo_id, repo_type="dataset",
                                 allow_patterns=files, commit_message=message or "Upload trajgen dataset")
    except HfHubHTTPError as exc:
        raise PushError(f"the Hub refused the upload to {repo_id}: {str(exc).splitlines()[0]}") from None
    except ValueError as exc:  # e.g. the Hub's own check of the card's metadata
        raise PushError(f"upload to {repo_id} refused: {' '.join(str(exc).split())}") from None
    except Exception as exc:  # noqa: BLE001  (transport: the HTTP client's error types vary by version)
        raise PushError(f"upload to {repo_id} failed: {type(exc).__name__}: {exc}") from None
    return PushResult(repo_url=str(repo), commit_url=info.commit_url, files=files)
