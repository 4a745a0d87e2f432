"""Simulated document store: folders of text files."""

from __future__ import annotations

import copy
import random
from typing import Any

from ...records import Tool, ToolCall
from .model import Missing, Step, StepGen
from .sim import SIM_ENVS, SimEnv, make_tool, pick

FOLDERS = ["projects", "invoices", "personal", "archive", "drafts"]
WORDS = ["budget", "meeting", "deadline", "invoice", "roadmap", "summary", "contract", "travel"]
NAMES = ["notes", "plan", "report", "todo", "minutes", "draft", "ideas", "letter"]
NEW_TEXTS = ["Call the plumber on Friday", "Budget review moved to Monday",
             "Remember to renew the contract", "Team lunch at noon on Thursday"]

S = {"type": "string"}


class FileStore(SimEnv):
    name = "files"

    def __init__(self, folders: dict[str, dict[str, str]]) -> None:
        self.start = copy.deepcopy(folders)
        self.folders = folders

    def initial_config(self) -> dict[str, Any]:
        return {"folders": self.start}

    def tools(self) -> list[Tool]:
        f = {"folder": {**S, "description": "Folder name.", "enum": sorted(self.start)}}
        n = {"name": {**S, "description": "File name, including its extension."}}
        return [
            make_tool("files", "list_files", "List the files of a folder.", f, ["folder"]),
            make_tool("files", "read_file", "Read a text file.", {**f, **n}, ["folder", "name"]),
            make_tool("files", "write_file", "Create or overwrite a text file.",
                      {**f, **n, "content": {**S, "description": "Text to write."}},
                      ["folder", "name", "content"]),
            make_tool("files", "move_file", "Move a file to another folder.",
                      {**n, "source_folder": f["folder"], "target_folder": f["folder"]},
                      ["name", "source_folder", "target_folder"]),
            make_tool("files", "search_files", "Find files whose text contains a keyword.",
                      {"keyword": {**S, "description": "Word to look for (case-insensitive)."}},
                      ["keyword"]),
        ]

    def do_list_files(self, folder: str) -> dict[str, Any]:
        return {"folder": folder, "files": sorted(self.folders[folder])}

    def do_read_file(self, folder: str, name: str) -> dict[str, Any]:
        return {"name": name, "content": self.folders[folder][name]}

    def do_write_file(self, folder: str, name: str, content: str) -> dict[str, Any]:
        self.folders[folder][name] = content
        return {"written": f"{folder}/{name}", "characters": len(content)}

    def do_move_file(self, name: str, source_folder: str, target_folder: str) -> dict[str, Any]:
        self.folders[target_folder][name] = self.folders[source_folder].pop(name)
        return {"moved": name, "from": source_folder, "to": target_folder}

    def do_search_files(self, keyword: str) -> dict[str, Any]:
        hits = [f"{d}/{n}" for d, files in sorted(self.folders.items())
                for n, text in sorted(files.items()) if keyword.lower() in text.lower()]
        return {"keyword": keyword, "matches": hits}


def _content(rng: random.Random) -> str:
    a, b = rng.sample(WORDS, 2)
    return f"Notes on the {a}: check the {b} before the end of the month."


def _files(rng: random.Random, big: bool) -> dict[str, dict[str, str]]:
    per = 40 if big else 3
    out: dict[str, dict[str, str]] = {}
    for folder in FOLDERS:
        names = [f"{pick(rng, NAMES)}_{i + 1}.txt" for i in range(per)]
        out[folder] = {n: _content(rng) for n in sorted(set(names))}
    return out


def _any_file(env: FileStore, rng: random.Random) -> tuple[str, str] | None:
    pairs = [(d, n) for d, files in sorted(env.folders.items()) for n in sorted(files)]
    return pick(rng, pairs) if pairs else None


def step_list(env: FileStore, rng: random.Random) -> Step:
    folder = pick(rng, sorted(env.folders))
    return Step(text=f"What files are in my {folder} folder?",
                rounds=[[ToolCall(tool="list_files", arguments={"folder": folder})]],
                reply=f"Here is what is in {folder}: {{result}}.")


def step_read(env: FileStore, rng: random.Random) -> Step | None:
    found = _any_file(env, rng)
    if found is None:
        return None
    folder, name = found
    return Step(text=f"Open {name} from the {folder} folder and tell me what it says.",
                rounds=[[ToolCall(tool="read_file", arguments={"folder": folder, "name": name})]],
                reply=f"{name} says: {{result}}")


def step_write(env: FileStore, rng: random.Random) -> Step:
    folder, name, text = pick(rng, sorted(env.folders)), f"memo_{rng.randint(10, 99)}.txt", pick(rng, NEW_TEXTS)
    call = ToolCall(tool="write_file", arguments={"folder": folder, "name": name, "content": text})
    miss = Missing(param="content", vague_text=f"Create a new file {name} in {folder}.",
                   ask_text=f"Sure. What should {name} say?", supply_text=f"Write: {text}")
    return Step(text=f"Create a file {name} in {folder} that says: {text}", rounds=[[call]],
                reply=f"{name} is saved in {folder}.", missing=miss)


def step_move(env: FileStore, rng: random.Random) -> Step | None:
    found = _any_file(env, rng)
    if found is None:
        return None
    src, name = found
    dst = pick(rng, [d for d in sorted(env.folders) if d != src])
    call = ToolCall(tool="move_file", arguments={"name": name, "source_folder": src, "target_folder": dst})
    miss = Missing(param="target_folder", vague_text=f"Move {name} out of {src}, please.",
                   ask_text=f"Which folder should {name} go to?", supply_text=f"Put it in {dst}.")
    return Step(text=f"Move {name} from {src} to {dst}.", rounds=[[call]],
                reply=f"{name} is now in {dst}.", missing=miss)


def step_search(env: FileStore, rng: random.Random) -> Step:
    word = pick(rng, WORDS)
    return Step(text=f"Which of my files mention \"{word}\"?",
                rounds=[[ToolCall(tool="search_files", arguments={"keyword": word})]],
                reply=f"These files mention \"{word}\": {{result}}.")


@SIM_ENVS.register("files")
def files_env(rng: random.Random, big: bool) -> tuple[FileStore, list[StepGen]]:
    return FileStore(_files(rng, big)), [step_list, step_read, step_write, step_move, step_search]
