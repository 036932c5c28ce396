"""Objects the module returns own their data: everything kept from a game stays as it was
when the game plays on, takes turns back, is reset, deleted and collected."""
import gc

import fanorona as f


def snapshot(obj):
    """What an object shows, as plain Python values taken now."""
    if isinstance(obj, f.Position):
        return ("position", obj.to_fen(), obj.count(f.Color.WHITE), obj.count(f.Color.BLACK))
    if isinstance(obj, f.Turn):
        return ("turn", str(obj), tuple(obj.captured), obj.from_point, obj.to_point)
    if isinstance(obj, f.GameRecord):
        return ("record", str(obj))
    if isinstance(obj, f.Game):
        return ("game", obj.start_position.to_fen(), tuple(str(t) for t in obj.turns), obj.position.to_fen())
    if isinstance(obj, f.TurnBuilder):
        return ("builder", obj.start.to_fen(), str(obj.turn) if len(obj) else "")
    if isinstance(obj, list):
        return ("list", tuple(snapshot(x) for x in obj))
    raise AssertionError(type(obj))


def test_everything_kept_from_a_game_survives_plays_undos_and_deletion():
    game = f.Game()
    kept = []  # (object, what it showed when taken)

    def keep(obj):
        kept.append((obj, snapshot(obj)))

    for i in range(40):
        if game.is_over():
            break
        keep(game.position)
        keep(game.start_position)
        keep(game.turns)
        keep(game.copy())
        builder = game.begin_turn()
        builder.play(builder.legal_steps()[0])
        keep(builder.turn)
        keep(builder.start)
        builder.pop()  # the turn taken before stays as it was
        record = f.GameRecord(game)
        keep(record)
        keep(record.game)
        keep(record.start_position)
        record.game.play(record.game.legal_turns()[0]) if record.game.legal_turns() else None
        assert snapshot(record) == kept[-3][1]  # playing on a record's game leaves the record alone
        turns = game.legal_turns()
        keep(turns[i % len(turns)])
        keep(game.play(turns[i % len(turns)]))
        if i % 7 == 6:
            keep(game.pop())
    for _ in range(5):
        game.pop()
    game.reset()
    del game, builder, record
    gc.collect()
    for obj, before in kept:
        assert snapshot(obj) == before
    # Each kept position still works as a position (transform once aborted the interpreter).
    for obj, _ in kept:
        if isinstance(obj, f.Position):
            assert obj.transform(f.Symmetry.HALF_TURN).transform(f.Symmetry.HALF_TURN) == obj
    assert len(kept) > 150


def test_a_builders_turn_does_not_change_when_the_builder_goes_on():
    chain = "BBBBBB1BB/BBBBB1BBB/BWBWWBWBW/WWW1WWWWW/WWWWWWWWW B"
    builder = f.TurnBuilder(chain)
    builder.play("f3-f4W")
    first = builder.turn
    builder.play(builder.legal_steps()[0])
    assert str(first) == "f3-f4W" and len(first) == 1 and len(builder.turn) == 2


def test_environment_objects_are_copies():
    env = f.FanoronaEnv(seed=3)
    env.reset(seed=3)
    game, obs = env.game, env.observe("white")["observation"]
    before = (str(game.position), obs.copy())
    for _ in range(20):
        env.step(env.sample_action())
    assert str(game.position) == before[0] and (obs == before[1]).all()
