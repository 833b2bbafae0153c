#!/usr/bin/env python3
"""An example bot for the bot API of `trictrac serve` (docs/PROTOCOL.md,
"The bot API"). Python 3, standard library only.

    python3 bot.py http://127.0.0.1:8080 ttb_YOUR_TOKEN [GAME] [GAMES]

It reads the event stream (one JSON message a line), accepts the first
open unrated challenge of GAME (default backgammon), and plays its games
by picking the first legal play the state offers, until GAMES games
(default 1; 0: forever) are over. Put an engine's choice in `choose`.
"""
import http.client
import json
import sys
import urllib.parse

URL, TOKEN = sys.argv[1], sys.argv[2]
GAME = sys.argv[3] if len(sys.argv) > 3 else "backgammon"
GAMES = int(sys.argv[4]) if len(sys.argv) > 4 else 1
HOST = urllib.parse.urlsplit(URL)
HEADERS = {"Authorization": "Bearer " + TOKEN, "Content-Type": "application/json"}


def post(path, message):
    """POST a JSON message; answers (status, JSON reply)."""
    c = http.client.HTTPConnection(HOST.hostname, HOST.port, timeout=30)
    c.request("POST", path, json.dumps(message), HEADERS)
    r = c.getresponse()
    reply = json.loads(r.read() or b"{}")
    c.close()
    return r.status, reply


def choose(state):
    """The message for the decision pending: roll, the first legal play,
    take a double, accept a resignation, stay (Grand Trictrac)."""
    decision = state["pending"]["decision"]
    if decision in ("roll", "roll_or_double"):
        return {"type": "roll"}
    if decision == "play":
        return {"type": "play", "play": state["plays"][0]["n"]}
    if decision == "answer":
        offered = state.get("phase", {}).get("kind") == "resign_offered"
        return {"type": "accept" if offered else "take"}
    if decision == "stay_or_leave":
        return {"type": "stay"}
    return None


stream = http.client.HTTPConnection(HOST.hostname, HOST.port)
stream.request("GET", "/api/bot/stream", headers=HEADERS)
events = stream.getresponse()
if events.status != 200:
    sys.exit(f"bot API: {events.status} {events.read().decode()}")
seats, finished = {}, 0
for line in events:  # one JSON message a line
    event = json.loads(line)
    kind = event["type"]
    if kind in ("lobby", "lobby_diff") and not seats:
        for seek in event["seeks"]:
            if seek["game"] == GAME and not seek["rated"]:
                status, reply = post(f"/api/seeks/{seek['id']}/accept", {})
                if status == 200:
                    print("accepted", seek["id"], "room", reply["room"], flush=True)
                    break
    elif kind == "welcome":
        seats[event["room"]] = event["seats"][0]
    elif kind == "state" and event["room"] in seats:
        if event["over"] is not None or event["pending"] is None:
            if event["over"] is not None:
                print("over:", event["over"]["result"], flush=True)
                del seats[event["room"]]
                finished += 1
                if finished == GAMES:
                    break
            continue
        if event["pending"]["side"] != seats[event["room"]]:
            continue
        message = choose(event)
        if message is not None:
            message["seq"] = event["seq"]  # a stale state is refused, not played twice
            post(f"/api/bot/games/{event['room']}", message)
