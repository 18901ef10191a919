"""Replays: the log records what the hand did, and the same placement always gives the same
verdict, so a saved game replays to the identical outcome -- with or without the physics."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from simulator.engine import GameRecord, load_game, load_record, make_bot, play_out, save_record
from simulator.games.wackelbett.rules import PlaceCard, Verdict

ROOT = Path(__file__).resolve().parents[3]


def shaky_game(players: int = 3, seed: int = 20):
    """A whole game by trembling hands: placements that stand and ones that fail."""
    game = load_game("wackelbett", players=players)
    return play_out(game, [make_bot(game, seat, "shaky") for seat in range(players)], seed)


def test_every_verdict_is_reproduced_from_the_recorded_trace_and_poses():
    """Determinism: re-simulating each placement from the hand trace and the poses recorded
    before it gives exactly the verdict in the log."""
    final = shaky_game()
    game = final.game
    referee = game.make_referee()
    state = game.new_state(final.seed)
    verdicts = failures = 0
    for action in final.history:
        if isinstance(action, Verdict):
            assert referee.decide(state) == action, f"verdict {verdicts} differs"
            verdicts += 1
        state.apply(action)
        failures += state.events[-1]["what"] == "fails" and isinstance(action, Verdict)
    assert verdicts > 10 and failures > 0, "the game should hold both good and failed placements"
    assert state.to_json() == final.to_json()


def test_a_saved_game_replays_to_the_identical_outcome(tmp_path):
    """Save, load, replay: the same table at the end, and the file holds the hand traces."""
    final = shaky_game(players=2, seed=5)
    path = tmp_path / "wackelbett.json"
    save_record(GameRecord.of(final), path)
    record = load_record(path)
    assert record.replay().to_json() == final.to_json()
    saved = json.loads(path.read_text())["actions"]
    places = [a for a in saved if a["kind"] == PlaceCard.kind]
    assert places and all(len(a["trace"]) >= 6 and len(a["trace"]) % 3 == 0 for a in places)


def test_replaying_a_log_needs_no_physics(tmp_path):
    """The verdicts are in the log: replaying it never imports pymunk."""
    final = shaky_game(players=2, seed=8)
    path = tmp_path / "game.json"
    save_record(GameRecord.of(final), path)
    code = (
        "import sys, json\n"
        "from simulator.engine import load_record\n"
        f"state = load_record({str(path)!r}).replay()\n"
        "print(json.dumps([state.is_over(), 'pymunk' in sys.modules]))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert json.loads(out.stdout) == [final.is_over(), False]


@pytest.mark.parametrize("version, bed", [(1, "the bed on a pivot over the pea"), (None, "the bed on a pivot over the pea"),
                                          (2, "the bed rolling on a 52 mm arc"), (3, "the bed rolling on a 58 mm arc")])
def test_a_save_of_an_older_bed_is_refused_naming_its_version_and_a_new_save_records_this_one(tmp_path, version, bed):
    """Issues 27 and 28: the bed became a can bottom rolling on its rounded underside, its arc
    grew from 52 to 58 mm, then the underside became tighter at the pea than further out. A game
    saved with an older bed (version 1, 2 or 3, or a file from before versions were recorded: 1)
    holds verdicts whose poses this bed cannot go on from: loading it is refused with both
    versions named, and nothing else is changed; a game saved now records version 4 and loads."""
    from simulator.engine import SaveFileError

    final = shaky_game(players=2, seed=5)
    path = tmp_path / "now.json"
    save_record(GameRecord.of(final), path)
    data = json.loads(path.read_text())
    assert data["game_version"] == 4
    assert load_record(path).replay().to_json() == final.to_json()
    old = {**data, "game_version": version} if version else {k: v for k, v in data.items() if k != "game_version"}
    path.write_text(json.dumps(old))
    before = path.read_bytes()
    try:
        load_record(path)
    except SaveFileError as exc:
        message = str(exc)
    else:
        raise AssertionError("a save of an older bed was loaded")
    assert f"Wackelbett version {version or 1} ({bed})" in message
    assert "version 4 (the bed rolling on an underside of 40 mm radius at the pea, 74 mm further out)" in message
    assert path.read_bytes() == before, "the file is left as it was"
