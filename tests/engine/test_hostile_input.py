"""What comes in from outside, held to one promise for every game, present and future.

Fuzzed scene values, save files and actions (as JSON from a file or the network, and as
objects from a bot or the table) each get a clear error, or work: never a traceback, never
a changed state after a refusal, never a message as long as the input. Undo never crosses
a reveal. (Command-line arguments: tests/test_cli_and_tools.py.)
"""
from __future__ import annotations

import copy
import dataclasses
import json
import math
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Annotated

import pytest

from simulator.engine import (REFEREE, Action, ActionCodec, Bounds, GameRecord, IllegalAction, SaveFileError, Scene,
                              SceneError, game_names, load_game, load_record, save_record)
from simulator.engine.registry import entry

from .test_conformance import CASES, step_randomly

ROOT = Path(__file__).resolve().parents[2]
GAMES = game_names()
SHORT = 600  # no message about bad input is longer than this (a few lines)


def play_steps(state, rng: random.Random, steps: int):
    """Up to ``steps`` random legal seat actions; stops where the referee (physics, a clock) is due."""
    for _ in range(steps):
        seats = state.current_players()
        if not seats or REFEREE in seats:
            break
        seat = rng.choice(seats)
        state.apply(rng.choice(state.legal_actions(seat)))
    return state


# -- scenes ----------------------------------------------------------------------------
def scene_leaves(data, path=()):
    """(path, value) for every key of a scene, tables and arrays of tables included."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield (*path, key), value
            yield from scene_leaves(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            if isinstance(value, dict):
                yield from scene_leaves(value, (*path, i))


def mutated(data, path, value=None, *, delete=False):
    """A copy of ``data`` with the key at ``path`` set to ``value`` (or deleted); shares the rest."""
    top = copy.copy(data)
    node = top
    for key in path[:-1]:
        node[key] = copy.copy(node[key])
        node = node[key]
    if delete:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return top


def build(game_id: str, path: Path, data) -> object:
    """Set up the game from scene ``data`` and play a few moves; SceneError is the clear refusal."""
    cls = entry(game_id).game_class
    game = cls(cls.min_players, scene=Scene(path, data))
    return play_steps(game.new_state(1), random.Random(1), 12)


BAD_SCENE_VALUES = [math.nan, math.inf, -math.inf, 10**30, -10**30, 1e308, "text", True, [], {"x": 1}, [math.nan]]


@pytest.mark.parametrize("game_id", GAMES)
def test_scene_values_are_refused_naming_the_file_and_the_key(game_id):
    """NaN and infinity anywhere, absurd numbers, wrong types, missing keys and tables: each is a
    SceneError naming the file and the key, or a game that sets up and plays."""
    scene = Scene.load(game_id)
    refused = 0
    for i, (path, value) in enumerate(scene_leaves(scene.data)):
        tries = [dict(delete=True), dict(value=BAD_SCENE_VALUES[i % len(BAD_SCENE_VALUES)])]
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            tries.append(dict(value=math.nan))
        elif isinstance(value, list) and value and isinstance(value[0], (int, float)):
            tries.append(dict(value=[*value[:-1], math.inf]))
        for how in tries:
            try:
                build(game_id, scene.path, mutated(scene.data, path, **how))
            except SceneError as exc:
                # The key named may be a related one ("the box holds 110 cards but ...").
                message = str(exc)
                assert message.startswith(f"{scene.path}: [") and len(message) < SHORT, \
                    f"{'.'.join(map(str, path))} {how}: {message[:SHORT]}"
                refused += 1
    assert refused > 0


@pytest.mark.parametrize("game_id", GAMES)
def test_unreadable_scene_files_are_clear_errors(game_id, tmp_path):
    folder = tmp_path / f"{game_id}.toml"
    folder.mkdir()
    cases = {tmp_path: "cannot read", tmp_path / "x": "not found"}
    binary = tmp_path / "binary"
    binary.mkdir()
    (binary / f"{game_id}.toml").write_bytes(b"a = '\xff\xfe'\n")
    cases[binary] = "not UTF-8"
    deep = tmp_path / "deep"
    deep.mkdir()
    (deep / f"{game_id}.toml").write_text("a = " + "[" * 5000 + "]" * 5000 + "\n")
    cases[deep] = "nested too deep"
    for directory, problem in cases.items():
        with pytest.raises(SceneError, match=problem):
            Scene.load(game_id, directory)


def _stress_scene_bounds() -> None:
    """Every number in every scene, set to the bound its error names: the game sets up and plays
    (or refuses it clearly). Run in a child with limited memory: a bound that is too loose shows
    as a crash or a timeout rather than taking the machine down."""
    for game_id in GAMES:
        scene = Scene.load(game_id)
        for path, value in scene_leaves(scene.data):
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                continue
            for extreme in (10**30, -10**30):
                print(game_id, ".".join(map(str, path)), extreme, file=sys.stderr, flush=True)
                try:
                    build(game_id, scene.path, mutated(scene.data, path, extreme))
                except SceneError as exc:
                    found = re.search(r"at (?:most|least) (-?[0-9.e+]+)", str(exc))
                    if not found:
                        continue  # refused for another reason (e.g. wrong type for an int key)
                    bound = float(found.group(1))
                    bound = int(bound) if isinstance(value, int) and bound.is_integer() else bound
                    try:
                        build(game_id, scene.path, mutated(scene.data, path, bound))
                    except SceneError:
                        pass
                # accepted: a key these options do not read (e.g. the other language's letters)


def test_every_scene_number_has_a_bound_the_game_survives():
    limit = "import resource; resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30)); "
    code = limit + "from tests.engine.test_hostile_input import _stress_scene_bounds as s; s()"
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]


# -- actions ---------------------------------------------------------------------------
def deep_list(depth: int) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


BAD_FIELD_VALUES = [True, False, 0.5, 1.0, -1, 2**60, -(2**60), 10**400, None, "", "x", "x" * 100_000, "\x00",
                    "\ud800", [], [1], [[1]], deep_list(20_000), {}, {"a": 1}, math.nan, math.inf]
BAD_ENVELOPES = [None, [], "play", 3, {}, {"kind": []}, {"kind": {}}, {"kind": 1}, {"kind": None}, {"player": 0},
                 {"kind": "x" * 1_000_000}, {"kind": "zz", 1: 2}, deep_list(100_000)]


def sample_actions(setup, steps: int = 40, per_kind: int = 2):
    """(state, legal action) pairs met in a random game, a few of every kind."""
    game = setup.load()
    state = game.new_state(3)
    rng = random.Random(3)
    seen: dict[str, int] = {}
    out = []
    for _ in range(steps):
        for seat in [s for s in state.current_players() if s != REFEREE]:
            for action in state.legal_actions(seat):
                if seen.get(action.kind, 0) < per_kind:
                    seen[action.kind] = seen.get(action.kind, 0) + 1
                    out.append((state.clone(), action))
        if state.is_over():
            break
        step_randomly(state, rng, 1)
    return game, out


def refused_cleanly(state, action) -> bool:
    """Apply ``action`` to ``state``: False if it was accepted; True if refused with a short
    reason and the state unchanged; anything else fails the test."""
    before = state.to_json()
    try:
        state.apply(action)
    except IllegalAction as exc:
        assert str(exc) and len(str(exc)) < SHORT, str(exc)[:SHORT]
        assert state.to_json() == before, f"refused {action!r:.200} but changed the state"
        return True
    return False


def wrongly_typed(original, value) -> bool:
    """The two confusions the issue found: a bool for an int (or the reverse), a float for an int."""
    if isinstance(original, bool) or isinstance(value, bool):
        return isinstance(original, bool) != isinstance(value, bool)
    return isinstance(original, int) and isinstance(value, float)


@pytest.mark.parametrize("setup", CASES, ids=str)
def test_action_fields_take_exactly_their_declared_types(setup):
    """Every field of every action kind met, given each hostile value, as JSON (a save, the
    network) and as an object (a bot, the table): a short refusal and the state unchanged, or
    a value of the declared type that the rules then judge."""
    game, samples = sample_actions(setup)
    assert samples
    for state, action in samples:
        data = action.to_json()
        for name in data:
            for bad in BAD_FIELD_VALUES:
                try:
                    decoded = game.decode_action({**data, name: bad})
                except IllegalAction as exc:
                    assert len(str(exc)) < SHORT, str(exc)[:SHORT]
                else:
                    accepted = not refused_cleanly(state.clone(), decoded)
                    assert not (accepted and wrongly_typed(data[name], bad)), f"{data} took {name}={bad!r}"
                if name == "kind":
                    continue
                forged = dataclasses.replace(action, **{name: bad})
                accepted = not refused_cleanly(state.clone(), forged)
                assert not (accepted and wrongly_typed(data[name], bad)), f"apply took {forged!r:.200}"


@pytest.mark.parametrize("game_id", GAMES)
def test_what_is_not_an_action_is_refused(game_id):
    game = load_game(game_id, players=entry(game_id).game_class.min_players)
    state = game.new_state(1)
    foreign = next(a for g in GAMES if g != game_id
                   for st in [load_game(g, players=entry(g).game_class.min_players).new_state(1)]
                   for seat in st.current_players() if seat != REFEREE for a in st.legal_actions(seat))
    strangers = [None, {"kind": "pass", "player": 0}, "pass", 0, foreign]
    for stranger in strangers:
        assert refused_cleanly(state, stranger)
    for envelope in BAD_ENVELOPES:
        with pytest.raises(IllegalAction) as info:
            game.decode_action(envelope)
        assert len(str(info.value)) < SHORT
    seats = {"kind": game.actions.kinds[0], "player": game.players}
    with pytest.raises(IllegalAction):
        game.decode_action(seats)


# -- save files ------------------------------------------------------------------------
def save_cases(good: dict) -> list[str | bytes]:
    """Hostile versions of a good record: every key and a few actions' fields given each bad
    value, seats and options mangled, and files that are not a record at all."""
    text = json.dumps(good)
    cases: list[str | bytes] = []
    for key in good:
        cases += [json.dumps({**good, key: bad}) for bad in BAD_FIELD_VALUES if bad is not BAD_FIELD_VALUES[-5]
                  and not (isinstance(bad, float) and not math.isfinite(bad))]
        cases.append(json.dumps({**good, key: "@"}).replace('"@"', "[" * 50_000 + "]" * 50_000))
    cases.append(json.dumps({k: v for k, v in good.items() if k != "actions"}))
    for index, action in enumerate(good["actions"][:6]):
        for name in action:
            for bad in (True, 1.0, None, "x" * 100_000, [], {"kind": "play"}, 10**300):
                record = copy.deepcopy(good)
                record["actions"][index] = {**action, name: bad}
                cases.append(json.dumps(record))
        cases.append(text.replace(json.dumps(action), json.dumps(action).replace("}", ', "extra": 1}'), 1))
    for seats in ([{"name": "A" * 1000, "kind": "human"}] * good["players"], [{"name": "A", "kind": "grandmaster"}],
                  [{"name": "A\x00", "kind": "human"}] * good["players"], [{"name": 3}] * good["players"], {"a": 1},
                  [{"name": "A", "kind": "random"}] * (good["players"] + 1)):
        cases.append(json.dumps({**good, "seats": seats}))
    for name in [*good["options"], "no-such-option"]:
        for bad in (None, [], 10**300, "x" * 10_000, 1.5):
            cases.append(json.dumps({**good, "options": {**good["options"], name: bad}}))
    cases += [text.replace(f'"seed": {good["seed"]}', f'"seed": {digits}') for digits in ("-1", "1" * 300, "1e400", "NaN")]
    cases += [text[:cut] for cut in range(0, len(text), max(1, len(text) // 25))]
    cases += [b"\xff\xfe\x00garbage", bytes(range(256)), b"", text.encode("utf-16"), "[" * 200_000,
              text.replace("[", "[" * 3 + "[", 1), '{"format_version": 1, "actions": [' + "1" * 5000 + "]}"]
    return cases


@pytest.mark.parametrize("game_id", GAMES)
def test_any_save_file_loads_or_gives_one_short_error_naming_it(game_id, tmp_path):
    game = load_game(game_id, players=entry(game_id).game_class.min_players)
    state = step_randomly(game.new_state(3), random.Random(3), 40)
    good = GameRecord.of(state).to_json()
    path = tmp_path / "save.json"
    loaded = 0
    for case in save_cases(good):
        path.write_bytes(case if isinstance(case, bytes) else case.encode("utf-8", "surrogatepass"))
        try:
            load_record(path)
            loaded += 1
        except SaveFileError as exc:
            message = str(exc)
            assert message.startswith(f"{path}: ") and len(message) < SHORT + len(str(path)), message[:SHORT]
    assert loaded > 0, "no harmless change (e.g. a seat's name) loaded"
    for where in (tmp_path, tmp_path / "missing.json"):
        with pytest.raises(SaveFileError, match="cannot read"):
            load_record(where)


def test_a_save_file_too_big_is_refused_before_it_is_parsed(tmp_path, monkeypatch):
    from simulator.engine import record

    monkeypatch.setattr(record, "MAX_SAVE_BYTES", 1000)
    path = tmp_path / "big.json"
    path.write_text(json.dumps({"format_version": 1, "padding": "x" * 2000}))
    with pytest.raises(SaveFileError, match="at most 1,000"):
        load_record(path)


def test_saves_get_the_usual_file_mode_and_a_synced_folder(tmp_path, monkeypatch):
    """0644 under umask 022 (0600 under 077), like any file a program makes; after the rename the
    folder itself is fsynced so the new name survives a power cut."""
    import os
    import stat

    state = load_game("wham-bam", players=2).new_state(1)
    synced = []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(stat.S_ISDIR(os.fstat(fd).st_mode)), real_fsync(fd)))
    old = os.umask(0o022)
    try:
        save_record(GameRecord.of(state), tmp_path / "a.json")
        os.umask(0o077)
        save_record(GameRecord.of(state), tmp_path / "b.json")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "a.json").stat().st_mode) == 0o644
    assert stat.S_IMODE((tmp_path / "b.json").stat().st_mode) == 0o600
    assert synced == [False, True, False, True], "file, then folder, for each save"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json", "b.json"], "no temporary file left"


def test_the_values_the_outside_fuzz_found_are_refused_before_the_rules_see_them():
    """Issue 16 item 3 and issue 12 item 6, case by case: a float seat, a bool card or index, a
    401-digit distance, no action at all; each refused with the state unchanged."""
    from simulator.games.wackelbett.rules import PlacePrincess
    from simulator.games.wham_bam.rules import TakePenalty
    from simulator.games.wie_weet_wat.rules import Answer, ChooseCategory
    from simulator.games.zoo_wee_mama.rules import Bid, DealNextRound

    cases = {
        "wham-bam": [TakePenalty(0.0), TakePenalty(True), None, {"kind": "take-penalty", "player": 0}],
        "zoo-wee-mama": [DealNextRound(0.0), DealNextRound(1.0), Bid(1.0, 2, 0), Bid(0, True, 0), Bid(0, 2, False)],
        "wie-weet-wat": [Answer(0, True, "appel", 10), Answer(0, 1, "appel", 1.5), ChooseCategory(0, True)],
        "wackelbett": [PlacePrincess(0, 10**400), PlacePrincess(0, math.nan), PlacePrincess(0, True)],
    }
    for game_id, actions in cases.items():
        state = load_game(game_id, players=entry(game_id).game_class.min_players).new_state(1)
        for action in actions:
            assert refused_cleanly(state, action), f"{game_id} took {action!r}"
        for action in actions:
            if action is not None and not isinstance(action, dict):
                with pytest.raises(IllegalAction):
                    state.game.decode_action(json.loads(json.dumps(action.to_json(), default=str)))


def test_a_field_may_declare_its_own_bounds():
    """Annotated[..., Bounds(...)] narrows a field beyond its type, for JSON and objects alike."""
    @dataclasses.dataclass(frozen=True, slots=True)
    class Say(Action):
        kind = "say"
        word: Annotated[str, Bounds(max_length=5)]
        index: Annotated[int, Bounds(0, 3)]
        path: Annotated[tuple[Annotated[float, Bounds(-1.0, 1.0)], ...], Bounds(max_length=2)]

    codec = ActionCodec(Say)
    assert codec.decode({"kind": "say", "player": 0, "word": "hello", "index": 3, "path": [0.5, -1]}) \
        == Say(0, "hello", 3, (0.5, -1))
    for field, value, problem in (("word", "hello!", "at most 5 characters"), ("index", 4, "from 0 to 3"),
                                  ("path", [0.0, 0.0, 0.0], "at most 2 items"), ("path", [2.0], "item 0 must be from")):
        data = {"kind": "say", "player": 0, "word": "hi", "index": 0, "path": [], field: value}
        with pytest.raises(IllegalAction, match=problem):
            codec.decode(data)
        forged = dataclasses.replace(Say(0, "hi", 0, ()), **{field: tuple(value) if field == "path" else value})
        with pytest.raises(IllegalAction, match=problem):
            codec.validate(forged)


def test_a_scene_points_only_at_small_files_in_the_scenes_folder():
    """Files a scene names (Wie Weet Wat's word lists): never a device, a folder or a file elsewhere."""
    from simulator.engine.scene import SCENES_DIR

    scene = Scene(SCENES_DIR / "test.toml", {"ok": "wham-bam.toml", "zero": "/dev/zero", "up": "../README.md",
                                             "folder": "wie-weet-wat", "none": "no-such-file.txt", "number": 3})
    assert scene.data_file("ok") == (SCENES_DIR / "wham-bam.toml").resolve()
    for key, problem in (("zero", "inside"), ("up", "inside"), ("folder", "not a file"), ("none", "cannot be read"),
                         ("number", "expected a string")):
        with pytest.raises(SceneError, match=problem):
            scene.data_file(key)
    with pytest.raises(SceneError, match="larger than 100 bytes"):
        scene.data_file("ok", max_bytes=100)
