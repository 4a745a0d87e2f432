"""Generated initial_config and step generators for BFCL's own classes.

Every generator reads the live instance (current directory, orders, balances) so that each
gold call succeeds when executed; `dialogue.execute_step` rejects a turn whose call fails.
"""

from __future__ import annotations

import random
from typing import Any

from ...records import ToolCall
from .bfcl_env import BFCL_SCENARIOS, BfclEnv
from .model import Missing, Step, StepGen

Call = ToolCall
USERS = ["alex", "jamie", "sam", "dana", "morgan"]
DIRS = ["documents", "projects", "logs", "reports", "photos_meta"]
WORDS = ["budget", "error", "deadline", "summary", "invoice", "warning", "meeting"]
FILE_STEMS = ["notes", "plan", "report", "summary", "draft", "log", "todo"]


def _pick(rng: random.Random, items: list[Any]) -> Any:
    return items[rng.randrange(len(items))]


# ---------------------------------------------------------------- GorillaFileSystem

def _text(rng: random.Random) -> str:
    lines = [f"Line {i + 1}: the {_pick(rng, WORDS)} for week {rng.randint(1, 52)}." for i in range(rng.randint(2, 5))]
    return " ".join(lines)


def _dir(rng: random.Random, n_files: int) -> dict[str, Any]:
    names = sorted({f"{_pick(rng, FILE_STEMS)}_{rng.randint(1, 9)}.txt" for _ in range(n_files)})
    return {"type": "directory", "contents": {n: {"type": "file", "content": _text(rng)} for n in names}}


def fs_config(rng: random.Random) -> dict[str, Any]:
    home = _dir(rng, 2)
    for d in rng.sample(DIRS, 2):
        home["contents"][d] = _dir(rng, 3)
    return {"root": {_pick(rng, USERS): home}}


def _cwd(env: BfclEnv) -> Any:
    return env.instance("GorillaFileSystem")._current_dir


def _entries(env: BfclEnv, kind: str) -> list[str]:
    contents = _cwd(env).contents
    return sorted(n for n, v in contents.items() if type(v).__name__ == kind)


def fs_ls(env: BfclEnv, rng: random.Random) -> Step:
    return Step(text="Show me everything in the current folder, hidden files too.",
                rounds=[[Call(tool="ls", arguments={"a": True})]], reply="That is the listing.")


def fs_cd_cat(env: BfclEnv, rng: random.Random) -> Step | None:
    dirs = [d for d in _entries(env, "Directory")
            if any(type(v).__name__ == "File" for v in _cwd(env).contents[d].contents.values())]
    if not dirs:
        return None
    d = _pick(rng, dirs)
    f = _pick(rng, sorted(n for n, v in _cwd(env).contents[d].contents.items() if type(v).__name__ == "File"))
    return Step(text=f"Go into the {d} folder and show me what {f} says.",
                rounds=[[Call(tool="cd", arguments={"folder": d})], [Call(tool="cat", arguments={"file_name": f})]],
                reply=f"Those are the contents of {f}.")


def fs_up(env: BfclEnv, rng: random.Random) -> Step | None:
    if _cwd(env).parent is None:
        return None
    return Step(text="Go back up one folder and list what's there.",
                rounds=[[Call(tool="cd", arguments={"folder": ".."})], [Call(tool="ls", arguments={})]],
                reply="We are one level up now.")


def fs_mkdir(env: BfclEnv, rng: random.Random) -> Step | None:
    name = f"{_pick(rng, ['archive', 'backup', 'drafts', 'shared'])}_{rng.randint(2020, 2026)}"
    if name in _cwd(env).contents:
        return None
    miss = Missing(param="dir_name", vague_text="Make a new folder here for my old stuff.",
                   ask_text="Sure. What should the new folder be called?", supply_text=f"Call it {name}.")
    return Step(text=f"Create a new folder called {name} right here.",
                rounds=[[Call(tool="mkdir", arguments={"dir_name": name})]], reply=f"{name} is created.",
                missing=miss)


def fs_write(env: BfclEnv, rng: random.Random) -> Step | None:
    name = f"memo_{rng.randint(10, 99)}.txt"
    if name in _cwd(env).contents:
        return None
    text = f"Remember the {_pick(rng, WORDS)} review on day {rng.randint(1, 28)}."
    miss = Missing(param="content", vague_text=f"Create a file {name} here and put a short note in it.",
                   ask_text=f"What should the note in {name} say?", supply_text=f"Write: {text}")
    return Step(text=f"Create a file {name} here and write \"{text}\" into it.",
                rounds=[[Call(tool="touch", arguments={"file_name": name})],
                        [Call(tool="echo", arguments={"content": text, "file_name": name})]],
                reply=f"{name} now holds your note.", missing=miss)


def fs_grep(env: BfclEnv, rng: random.Random) -> Step | None:
    files = _entries(env, "File")
    if not files:
        return None
    f, word = _pick(rng, files), _pick(rng, WORDS)
    miss = Missing(param="pattern", vague_text=f"Search {f} for something for me.",
                   ask_text=f"What should I look for in {f}?", supply_text=f"Look for \"{word}\".")
    return Step(text=f"Find the lines in {f} that mention \"{word}\".",
                rounds=[[Call(tool="grep", arguments={"file_name": f, "pattern": word})]],
                reply="Those are the matching lines.", missing=miss)


def fs_wc(env: BfclEnv, rng: random.Random) -> Step | None:
    files = _entries(env, "File")
    if not files:
        return None
    f = _pick(rng, files)
    return Step(text=f"How many words are in {f}?",
                rounds=[[Call(tool="wc", arguments={"file_name": f, "mode": "w"})]], reply="That is the word count.")


@BFCL_SCENARIOS.register("GorillaFileSystem")
def gorilla_fs(rng: random.Random) -> tuple[dict[str, Any], list[StepGen]]:
    return fs_config(rng), [fs_ls, fs_cd_cat, fs_up, fs_mkdir, fs_write, fs_grep, fs_wc]


# ---------------------------------------------------------------- TradingBot

COMPANIES = {"Apple": "AAPL", "Google": "GOOG", "Tesla": "TSLA", "Microsoft": "MSFT", "Nvidia": "NVDA"}


def tb_config(rng: random.Random) -> dict[str, Any]:
    orders = {}
    for i, status in enumerate(["Completed", "Pending", "Open"]):
        oid = 30000 + i * 7 + rng.randint(0, 6)
        orders[str(oid)] = {"id": oid, "order_type": _pick(rng, ["Buy", "Sell"]),
                            "symbol": _pick(rng, sorted(COMPANIES.values())),
                            "price": round(rng.uniform(100, 900), 2), "amount": rng.randint(1, 50),
                            "status": status}
    return {"orders": orders, "account_info": {"account_id": rng.randint(10000, 99999),
                                               "balance": float(rng.randint(20, 90) * 1000),
                                               "binding_card": rng.randint(10**15, 10**16 - 1)},
            "authenticated": True, "market_status": "Open", "order_counter": 31000,
            "watch_list": ["NVDA"], "transaction_history": [], "random_seed": rng.randint(1, 10**6)}


def _tb(env: BfclEnv) -> Any:
    return env.instance("TradingBot")


def tb_price(env: BfclEnv, rng: random.Random) -> Step:
    name = _pick(rng, sorted(COMPANIES))
    return Step(text=f"What is {name}'s stock trading at right now?",
                rounds=[[Call(tool="get_symbol_by_name", arguments={"name": name})],
                        [Call(tool="get_stock_info", arguments={"symbol": COMPANIES[name]})]],
                reply=f"That is {name}'s latest quote.")


def tb_watch(env: BfclEnv, rng: random.Random) -> Step | None:
    options = [s for s in sorted(COMPANIES.values()) if s not in _tb(env).watch_list]
    if not options:
        return None
    sym = _pick(rng, options)
    return Step(text=f"Add {sym} to my watchlist.", rounds=[[Call(tool="add_to_watchlist", arguments={"stock": sym})]],
                reply=f"{sym} is on your watchlist.")


def tb_buy(env: BfclEnv, rng: random.Random) -> Step | None:
    sym = _pick(rng, sorted(COMPANIES.values()))
    price = float(_tb(env).stocks[sym]["price"])
    n = rng.randint(1, 5)
    if price * n > _tb(env).account_info["balance"]:
        return None
    call = Call(tool="place_order", arguments={"order_type": "Buy", "symbol": sym, "price": price, "amount": n})
    miss = Missing(param="amount", vague_text=f"Buy some {sym} shares at ${price}.",
                   ask_text=f"How many {sym} shares would you like to buy?", supply_text=f"{n} shares.")
    return Step(text=f"Buy {n} shares of {sym} at ${price}.", rounds=[[call]], reply="Your order is placed.",
                missing=miss)


def tb_order(env: BfclEnv, rng: random.Random) -> Step:
    oid = _pick(rng, sorted(_tb(env).orders))
    return Step(text=f"What's the status of my order {oid}?",
                rounds=[[Call(tool="get_order_details", arguments={"order_id": oid})]], reply="Here are the details.")


def tb_cancel(env: BfclEnv, rng: random.Random) -> Step | None:
    open_ids = sorted(o for o, v in _tb(env).orders.items() if v["status"] not in ("Completed", "Cancelled"))
    if not open_ids:
        return None
    oid = _pick(rng, open_ids)
    return Step(text=f"Cancel order {oid}, please.",
                rounds=[[Call(tool="cancel_order", arguments={"order_id": oid})]], reply=f"Order {oid} is cancelled.")


def tb_fund(env: BfclEnv, rng: random.Random) -> Step:
    amount = float(rng.randint(5, 40) * 100)
    miss = Missing(param="amount", vague_text="Put some more money into my trading account.",
                   ask_text="How much would you like to add?", supply_text=f"Add ${amount:.0f}.")
    return Step(text=f"Add ${amount:.0f} to my trading account.",
                rounds=[[Call(tool="fund_account", arguments={"amount": amount})]], reply="The funds are in.",
                missing=miss)


@BFCL_SCENARIOS.register("TradingBot")
def trading_bot(rng: random.Random) -> tuple[dict[str, Any], list[StepGen]]:
    return tb_config(rng), [tb_price, tb_watch, tb_buy, tb_order, tb_cancel, tb_fund]


# ---------------------------------------------------------------- TravelAPI

CITIES = ["San Francisco", "Los Angeles", "New York", "Chicago", "Boston", "London", "Paris", "Tokyo"]
ROUTES = [("SFO", "LAX"), ("SFO", "JFK"), ("SFO", "ORD"), ("SFO", "BOS")]
CURRENCIES = ["EUR", "JPY", "GBP", "CAD", "AUD", "INR"]


def tv_config(rng: random.Random) -> dict[str, Any]:
    cards = {}
    for _ in range(2):
        cid = f"{rng.randint(100000, 999999)}"
        cards[cid] = {"card_number": f"{rng.randint(10**15, 10**16 - 1)}", "expiration_date": "12/2027",
                      "cardholder_name": "Jordan Lee", "card_verification_number": rng.randint(100, 999),
                      "balance": float(rng.randint(5, 50) * 100)}
    return {"random_seed": rng.randint(1, 10**6), "credit_card_list": cards, "booking_record": {},
            "access_token": f"tok{rng.randint(10**5, 10**6 - 1)}", "token_type": "Bearer",
            "token_expires_in": 3600, "token_scope": "read_write", "user_first_name": "Jordan",
            "user_last_name": "Lee", "budget_limit": None}


def _tv(env: BfclEnv) -> Any:
    return env.instance("TravelAPI")


def tv_airport(env: BfclEnv, rng: random.Random) -> Step:
    city = _pick(rng, CITIES)
    return Step(text=f"Which airport is closest to {city}?",
                rounds=[[Call(tool="get_nearest_airport_by_city", arguments={"location": city})]],
                reply=f"That is the nearest airport to {city}.")


def tv_cost(env: BfclEnv, rng: random.Random) -> Step:
    a, b = _pick(rng, ROUTES)
    date = f"2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
    cls = _pick(rng, ["economy", "business", "first"])
    args = {"travel_from": a, "travel_to": b, "travel_date": date, "travel_class": cls}
    miss = Missing(param="travel_date", vague_text=f"What would a {cls} ticket from {a} to {b} cost me?",
                   ask_text="For which travel date?", supply_text=f"On {date}.")
    return Step(text=f"How much is a {cls} flight from {a} to {b} on {date}?",
                rounds=[[Call(tool="get_flight_cost", arguments=args)]], reply="Those are the fares.", missing=miss)


def tv_exchange(env: BfclEnv, rng: random.Random) -> Step:
    cur, value = _pick(rng, CURRENCIES), float(rng.randint(1, 40) * 50)
    args = {"base_currency": "USD", "target_currency": cur, "value": value}
    return Step(text=f"How much is {value:.0f} USD in {cur}?",
                rounds=[[Call(tool="compute_exchange_rate", arguments=args)]], reply="That is the converted amount.")


def tv_budget(env: BfclEnv, rng: random.Random) -> Step:
    token, limit = _tv(env).access_token, float(rng.randint(10, 80) * 100)
    call = Call(tool="set_budget_limit", arguments={"access_token": token, "budget_limit": limit})
    miss = Missing(param="budget_limit", vague_text=f"Set a travel budget for me; my access token is {token}.",
                   ask_text="What budget limit should I set, in USD?", supply_text=f"{limit:.0f} dollars.")
    return Step(text=f"Set my travel budget to {limit:.0f} USD; my access token is {token}.", rounds=[[call]],
                reply="Your budget is set.", missing=miss)


def tv_card(env: BfclEnv, rng: random.Random) -> Step:
    token, card = _tv(env).access_token, _pick(rng, sorted(_tv(env).credit_card_list))
    call = Call(tool="get_credit_card_balance", arguments={"access_token": token, "card_id": card})
    return Step(text=f"What's the balance on my card {card}? My access token is {token}.", rounds=[[call]],
                reply="That is the card balance.")


@BFCL_SCENARIOS.register("TravelAPI")
def travel_api(rng: random.Random) -> tuple[dict[str, Any], list[StepGen]]:
    return tv_config(rng), [tv_airport, tv_cost, tv_exchange, tv_budget, tv_card]


# ---------------------------------------------------------------- MathAPI (stateless)

def m_arith(env: BfclEnv, rng: random.Random) -> Step:
    op, word = _pick(rng, [("add", "plus"), ("subtract", "minus"), ("multiply", "times")])
    a, b = float(rng.randint(2, 900)), float(rng.randint(2, 90))
    return Step(text=f"What is {a:g} {word} {b:g}?", rounds=[[Call(tool=op, arguments={"a": a, "b": b})]],
                reply="That is the result.")


def m_mean(env: BfclEnv, rng: random.Random) -> Step:
    nums = [float(rng.randint(1, 100)) for _ in range(rng.randint(3, 6))]
    shown = ", ".join(f"{x:g}" for x in nums)
    miss = Missing(param="numbers", vague_text="Work out the average of my scores.",
                   ask_text="Which numbers should I average?", supply_text=f"They are {shown}.")
    return Step(text=f"What's the average of {shown}?", rounds=[[Call(tool="mean", arguments={"numbers": nums})]],
                reply="That is the mean.", missing=miss)


def m_percentage(env: BfclEnv, rng: random.Random) -> Step:
    whole = float(rng.randint(50, 500))
    part = float(rng.randint(1, int(whole)))
    return Step(text=f"What percentage of {whole:g} is {part:g}?",
                rounds=[[Call(tool="percentage", arguments={"part": part, "whole": whole})]],
                reply="That is the percentage.")


def m_sqrt(env: BfclEnv, rng: random.Random) -> Step:
    n, p = float(rng.randint(2, 999)), rng.randint(2, 6)
    return Step(text=f"Give me the square root of {n:g} to {p} decimal places.",
                rounds=[[Call(tool="square_root", arguments={"number": n, "precision": p})]],
                reply="That is the square root.")


@BFCL_SCENARIOS.register("MathAPI")
def math_api(rng: random.Random) -> tuple[dict[str, Any], list[StepGen]]:
    return {}, [m_arith, m_mean, m_percentage, m_sqrt]


# ---------------------------------------------------------------- TicketAPI

ISSUES = ["Laptop will not boot", "VPN keeps disconnecting", "Printer out of toner", "Cannot access shared drive",
          "Email sync fails on phone", "Monitor flickers"]


def tk_config(rng: random.Random) -> dict[str, Any]:
    user = _pick(rng, USERS)
    queue = [{"id": i + 1, "title": title, "description": f"Reported by {user}.", "status": "Open",
              "priority": rng.randint(1, 5), "created_by": user} for i, title in enumerate(rng.sample(ISSUES, 3))]
    return {"ticket_queue": queue, "ticket_counter": 4, "current_user": user}


def _tk(env: BfclEnv) -> Any:
    return env.instance("TicketAPI")


def _open_tickets(env: BfclEnv) -> list[dict[str, Any]]:
    return [t for t in _tk(env).ticket_queue if t["status"] == "Open"]


def tk_create(env: BfclEnv, rng: random.Random) -> Step | None:
    taken = {t["title"] for t in _tk(env).ticket_queue}
    fresh = [i for i in ISSUES if i not in taken]
    if not fresh:
        return None
    title, prio = _pick(rng, fresh), rng.randint(1, 5)
    args = {"title": title, "description": f"{title} since this morning.", "priority": prio}
    miss = Missing(param="title", vague_text=f"Open a support ticket for me with priority {prio}.",
                   ask_text="What is the ticket about? I need a title and a short description.",
                   supply_text=f"Title it \"{title}\" and describe it as \"{title} since this morning.\"")
    return Step(text=f"Open a ticket titled \"{title}\" saying \"{title} since this morning.\" with priority {prio}.",
                rounds=[[Call(tool="create_ticket", arguments=args)]], reply="The ticket is open.", missing=miss)


def tk_get(env: BfclEnv, rng: random.Random) -> Step:
    t = _pick(rng, _tk(env).ticket_queue)
    return Step(text=f"Show me ticket {t['id']}.", rounds=[[Call(tool="get_ticket", arguments={"ticket_id": t["id"]})]],
                reply="Here is the ticket.")


def tk_resolve(env: BfclEnv, rng: random.Random) -> Step | None:
    open_ = _open_tickets(env)
    if not open_:
        return None
    t = _pick(rng, open_)
    note = _pick(rng, ["Replaced the cable", "Reinstalled the driver", "Reset the password"])
    miss = Missing(param="resolution", vague_text=f"Mark ticket {t['id']} as resolved.",
                   ask_text="What resolution should I record?", supply_text=f"{note}.")
    return Step(text=f"Resolve ticket {t['id']} with the note \"{note}\".",
                rounds=[[Call(tool="resolve_ticket", arguments={"ticket_id": t["id"], "resolution": note})]],
                reply="The ticket is resolved.", missing=miss)


def tk_close(env: BfclEnv, rng: random.Random) -> Step | None:
    open_ = _open_tickets(env)
    if not open_:
        return None
    t = _pick(rng, open_)
    return Step(text=f"Close ticket {t['id']}, it's no longer needed.",
                rounds=[[Call(tool="close_ticket", arguments={"ticket_id": t["id"]})]], reply="Closed.")


def tk_list(env: BfclEnv, rng: random.Random) -> Step:
    return Step(text="List all my open tickets.",
                rounds=[[Call(tool="get_user_tickets", arguments={"status": "Open"})]], reply="Those are your open tickets.")


@BFCL_SCENARIOS.register("TicketAPI")
def ticket_api(rng: random.Random) -> tuple[dict[str, Any], list[StepGen]]:
    return tk_config(rng), [tk_create, tk_get, tk_resolve, tk_close, tk_list]


# ---------------------------------------------------------------- TwitterAPI

TOPICS = ["our new release", "the quarterly results", "the team offsite", "the product launch"]
HANDLES = ["alice", "bob", "carol", "dave", "erin"]


def tw_config(rng: random.Random) -> dict[str, Any]:
    user = _pick(rng, USERS)
    tweets = {str(i): {"id": i, "username": user, "content": f"Excited about {_pick(rng, TOPICS)}!",
                       "tags": ["#news"], "mentions": []} for i in range(3)}
    return {"username": user, "password": f"pw{rng.randint(1000, 9999)}", "authenticated": True,
            "tweets": tweets, "comments": {}, "retweets": {}, "following_list": ["alice"], "tweet_counter": 3}


def _tw(env: BfclEnv) -> Any:
    return env.instance("TwitterAPI")


def tw_post(env: BfclEnv, rng: random.Random) -> Step:
    topic, tag = _pick(rng, TOPICS), _pick(rng, ["#update", "#team", "#launch"])
    content = f"Big news about {topic} coming soon"
    args = {"content": content, "tags": [tag], "mentions": []}
    miss = Missing(param="content", vague_text=f"Post a tweet tagged {tag} for me.",
                   ask_text="What should the tweet say?", supply_text=f"\"{content}\".")
    return Step(text=f"Tweet \"{content}\" with the tag {tag}.", rounds=[[Call(tool="post_tweet", arguments=args)]],
                reply="Posted.", missing=miss)


def tw_comment(env: BfclEnv, rng: random.Random) -> Step:
    tid = _pick(rng, sorted(_tw(env).tweets))
    text = _pick(rng, ["Thanks everyone!", "More details tomorrow.", "Stay tuned."])
    return Step(text=f"Comment \"{text}\" on tweet {tid}.",
                rounds=[[Call(tool="comment", arguments={"tweet_id": tid, "comment_content": text})]],
                reply="Your comment is up.")


def tw_follow(env: BfclEnv, rng: random.Random) -> Step | None:
    options = [h for h in HANDLES if h not in _tw(env).following_list]
    if not options:
        return None
    who = _pick(rng, options)
    return Step(text=f"Follow {who}.", rounds=[[Call(tool="follow_user", arguments={"username_to_follow": who})]],
                reply=f"You now follow {who}.")


def tw_search(env: BfclEnv, rng: random.Random) -> Step:
    word = _pick(rng, ["release", "results", "offsite", "launch", "Excited"])
    return Step(text=f"Find tweets that mention \"{word}\".",
                rounds=[[Call(tool="search_tweets", arguments={"keyword": word})]], reply="Those are the tweets.")


@BFCL_SCENARIOS.register("TwitterAPI")
def twitter_api(rng: random.Random) -> tuple[dict[str, Any], list[StepGen]]:
    return tw_config(rng), [tw_post, tw_comment, tw_follow, tw_search]
