"""Simulated to-do list: tasks with ids, due dates and priorities."""

from __future__ import annotations

import copy
import random
from typing import Any

from ...records import Tool, ToolCall
from .model import Missing, Step, StepGen
from .sim import SIM_ENVS, SimEnv, make_tool, pick

TITLES = ["Book dentist appointment", "Renew passport", "Pay electricity bill", "Call grandma",
          "Submit expense report", "Buy birthday gift", "Water the plants", "Prepare slides",
          "Return library books", "Schedule car service"]
PRIORITIES = ["low", "normal", "high"]
DATES = ["2025-06-05", "2025-06-09", "2025-06-12", "2025-06-20", "2025-07-01"]
DATE_WORDS = {"2025-06-05": "June 5, 2025", "2025-06-09": "June 9, 2025", "2025-06-12": "June 12, 2025",
              "2025-06-20": "June 20, 2025", "2025-07-01": "July 1, 2025"}

S = {"type": "string"}
DATE = {"type": "string", "format": "date", "description": "Due date, YYYY-MM-DD."}


class TaskList(SimEnv):
    name = "tasks"

    def __init__(self, tasks: dict[str, dict[str, Any]]) -> None:
        self.start = copy.deepcopy(tasks)
        self.tasks = tasks

    def initial_config(self) -> dict[str, Any]:
        return {"tasks": self.start}

    def tools(self) -> list[Tool]:
        tid = {"task_id": {"type": "integer", "description": "Id of the task."}}
        return [
            make_tool("tasks", "add_task", "Add a task to the to-do list.",
                      {"title": {**S, "description": "What to do."}, "due_date": DATE,
                       "priority": {**S, "enum": PRIORITIES, "description": "Priority.", "default": "normal"}},
                      ["title", "due_date"]),
            make_tool("tasks", "list_tasks", "List tasks by status.",
                      {"status": {**S, "enum": ["open", "done", "all"], "description": "Which tasks."}},
                      ["status"]),
            make_tool("tasks", "complete_task", "Mark a task as done.", tid, ["task_id"]),
            make_tool("tasks", "reschedule_task", "Change the due date of a task.",
                      {**tid, "due_date": DATE}, ["task_id", "due_date"]),
        ]

    def do_add_task(self, title: str, due_date: str, priority: str = "normal") -> dict[str, Any]:
        task_id = max((int(k) for k in self.tasks), default=0) + 1
        self.tasks[str(task_id)] = {"title": title, "due_date": due_date, "priority": priority, "done": False}
        return {"task_id": task_id, "title": title}

    def do_list_tasks(self, status: str) -> dict[str, Any]:
        keep = {"open": [False], "done": [True], "all": [False, True]}[status]
        rows = [{"task_id": int(k), **v} for k, v in sorted(self.tasks.items(), key=lambda kv: int(kv[0]))
                if v["done"] in keep]
        return {"status": status, "tasks": rows}

    def do_complete_task(self, task_id: int) -> dict[str, Any]:
        self.tasks[str(task_id)]["done"] = True
        return {"task_id": task_id, "done": True}

    def do_reschedule_task(self, task_id: int, due_date: str) -> dict[str, Any]:
        self.tasks[str(task_id)]["due_date"] = due_date
        return {"task_id": task_id, "due_date": due_date}


def _tasks(rng: random.Random, big: bool) -> dict[str, dict[str, Any]]:
    # titles are unique so that "tick off X" names exactly one task
    titles = [f"{pick(rng, TITLES)} #{i + 1}" for i in range(60)] if big else rng.sample(TITLES, 4)
    return {str(i + 1): {"title": title,
                         "due_date": pick(rng, DATES), "priority": pick(rng, PRIORITIES),
                         "done": rng.random() < 0.3} for i, title in enumerate(titles)}


def _open_task(env: TaskList, rng: random.Random) -> tuple[int, dict[str, Any]] | None:
    rows = [(int(k), v) for k, v in sorted(env.tasks.items(), key=lambda kv: int(kv[0])) if not v["done"]]
    return pick(rng, rows) if rows else None


def step_add(env: TaskList, rng: random.Random) -> Step | None:
    taken = {t["title"] for t in env.tasks.values()}
    fresh = [t for t in TITLES if t not in taken]
    if not fresh:
        return None
    title, due, prio = pick(rng, fresh), pick(rng, DATES), pick(rng, PRIORITIES)
    call = ToolCall(tool="add_task", arguments={"title": title, "due_date": due, "priority": prio})
    miss = Missing(param="due_date", vague_text=f"Put \"{title}\" on my list, {prio} priority.",
                   ask_text="When is it due?", supply_text=f"It's due {DATE_WORDS[due]}.")
    return Step(text=f"Add \"{title}\" to my to-do list, due {DATE_WORDS[due]}, {prio} priority.",
                rounds=[[call]], reply=f"Added \"{title}\" as task {{result}}.", missing=miss)


def step_list(env: TaskList, rng: random.Random) -> Step:
    status = pick(rng, ["open", "done", "all"])
    words = {"open": "still open", "done": "already done", "all": "on my list, done or not"}
    return Step(text=f"Which tasks are {words[status]}?",
                rounds=[[ToolCall(tool="list_tasks", arguments={"status": status})]],
                reply="Here they are: {result}.")


def step_complete(env: TaskList, rng: random.Random) -> Step | None:
    found = _open_task(env, rng)
    if found is None:
        return None
    tid, task = found
    rounds = [[ToolCall(tool="list_tasks", arguments={"status": "open"})],
              [ToolCall(tool="complete_task", arguments={"task_id": tid})]]
    return Step(text=f"I finished \"{task['title']}\", tick it off.", rounds=rounds,
                reply=f"\"{task['title']}\" is marked as done.")


def step_reschedule(env: TaskList, rng: random.Random) -> Step | None:
    found = _open_task(env, rng)
    if found is None:
        return None
    tid, task = found
    due = pick(rng, [d for d in DATES if d != task["due_date"]])
    rounds = [[ToolCall(tool="list_tasks", arguments={"status": "open"})],
              [ToolCall(tool="reschedule_task", arguments={"task_id": tid, "due_date": due})]]
    miss = Missing(param="due_date", vague_text=f"Push \"{task['title']}\" back a bit.",
                   ask_text="To which date?", supply_text=f"Make it {DATE_WORDS[due]}.")
    return Step(text=f"Move \"{task['title']}\" to {DATE_WORDS[due]}.", rounds=rounds,
                reply=f"\"{task['title']}\" is now due {DATE_WORDS[due]}.", missing=miss)


@SIM_ENVS.register("tasks")
def tasks_env(rng: random.Random, big: bool) -> tuple[TaskList, list[StepGen]]:
    return TaskList(_tasks(rng, big)), [step_add, step_list, step_complete, step_reschedule]
