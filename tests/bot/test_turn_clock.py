"""The clock's bookkeeping, with simultaneous choices (no game uses them in chat yet)."""

from types import SimpleNamespace

from bot import turn_clock
from bot.storage import Seat, SessionRecord, TableClock, Tutorial
from games.core import ReactionWindow


class Duel:
    """Two seats choose at once; ``turn`` counts finished rounds."""

    def to_act(self, state: SimpleNamespace) -> frozenset[int]:
        return frozenset(state.waiting)

    def turn_number(self, state: SimpleNamespace) -> int:
        return state.turn

    def reaction_window(self, state: SimpleNamespace) -> ReactionWindow | None:
        return getattr(state, "window", None)


def table(**clock: int) -> SessionRecord:
    return SessionRecord(
        game="duel",
        guild_id=1,
        lobby_channel_id=2,
        channel_id=2,
        host_id=10,
        status="active",
        seats=[Seat(user_id=10, name="ann"), Seat(user_id=11, name="ben"), Seat(user_id=None, name="")],
        seed=1,
        clock=TableClock(turn_minutes=10, **clock),
        created_at=0.0,
        updated_at=0.0,
        last_human_at=0.0,
    )


def test_a_pending_choice_keeps_its_deadline_until_the_round_ends() -> None:
    record, engine = table(), Duel()
    both = SimpleNamespace(waiting={0, 1, 2}, turn=0)
    turn_clock.schedule(record, engine, None, both, now=100.0)
    assert [s.deadline for s in record.seats] == [700.0, 700.0, None]  # computers have no clock
    ann_chose = SimpleNamespace(waiting={1}, turn=0)
    turn_clock.schedule(record, engine, both, ann_chose, now=400.0)
    assert [s.deadline for s in record.seats] == [None, 700.0, None]  # ben's deadline does not move
    next_round = SimpleNamespace(waiting={0, 1}, turn=1)
    turn_clock.schedule(record, engine, ann_chose, next_round, now=650.0)
    assert [s.deadline for s in record.seats] == [1250.0, 1250.0, None]


def test_what_is_due_and_when_the_bot_wakes() -> None:
    record = table(abandon_days=2)
    turn_clock.schedule(record, Duel(), None, SimpleNamespace(waiting={0}, turn=0), now=0.0)
    assert turn_clock.next_wake(record) == 450.0  # the reminder: a quarter of 600 s left
    assert turn_clock.due(record, 449.0) == turn_clock.Due(False, [], [])
    assert turn_clock.due(record, 450.0) == turn_clock.Due(False, [], [0])
    record.seats[0].reminded = True
    assert turn_clock.next_wake(record) == 600.0
    assert turn_clock.due(record, 600.0) == turn_clock.Due(False, [0], [])
    assert turn_clock.due(record, 2 * 86_400.0).abandon
    record.status = "finished"
    assert turn_clock.next_wake(record) is None and turn_clock.due(record, 10**9) == turn_clock.Due(False, [], [])


def test_absent_players_are_played_for_only_while_someone_is_there() -> None:
    record = table()
    record.seats[0].auto = True
    assert turn_clock.played_by_computer(record, 0) and turn_clock.played_by_computer(record, 2)
    record.seats[1].left = True
    assert not turn_clock.played_by_computer(record, 0)  # nobody left in person: the table waits
    assert turn_clock.played_by_computer(record, 2)


def test_a_reaction_window_is_secret_and_leaves_the_turn_clock_alone() -> None:
    """Ann's attack asks Ben in secret: Ben gets the window's short deadline, Ann keeps her
    turn's deadline before, during and after it (the board shows nothing of the window),
    nobody is reminded of a window, and its closing is due on its own."""
    record, engine = table(), Duel()
    ann = SimpleNamespace(waiting={0}, turn=0)
    turn_clock.schedule(record, engine, None, ann, now=100.0)
    assert [s.deadline for s in record.seats] == [700.0, None, None]
    asking_ben = SimpleNamespace(waiting={1}, turn=1, window=ReactionWindow(45, frozenset({0})))
    turn_clock.schedule(record, engine, ann, asking_ben, now=200.0)
    assert [s.deadline for s in record.seats] == [700.0, None, None]
    assert [s.window for s in record.seats] == [None, 245.0, None]
    assert turn_clock.asked_in_secret(record, engine, ann, asking_ben) == [1]
    assert turn_clock.next_wake(record) == 245.0
    assert turn_clock.due(record, 250.0) == turn_clock.Due(False, [], [], [1])
    back_to_ann = SimpleNamespace(waiting={0}, turn=2)
    turn_clock.schedule(record, engine, asking_ben, back_to_ann, now=250.0)
    assert [s.deadline for s in record.seats] == [700.0, None, None]
    assert [s.window for s in record.seats] == [None, None, None]
    assert turn_clock.asked_in_secret(record, engine, asking_ben, back_to_ann) == []


def test_a_turn_paused_by_a_secret_window_does_not_time_out_before_the_window_closes() -> None:
    """Ann's turn is paused while Ben answers her attack in secret; her deadline, the one the
    table sees, passes meanwhile: nothing fires until Ben's window closes, then her turn times out."""
    record = table()
    record.seats[0].deadline, record.seats[0].reminded = 100.0, True  # ann, shown as playing, reminded
    record.seats[1].window = 130.0  # ben, asked in secret
    assert turn_clock.due(record, 110.0).late == []
    assert turn_clock.next_wake(record) == 130.0  # the window's close, not the past deadline again and again
    record.seats[1].window = None  # ben let it pass
    assert turn_clock.due(record, 131.0).late == [0]


def test_a_tutorial_waits_for_its_learner() -> None:
    """A tutorial's learner has no deadline, and no window (a trial's hourglass, a secret reaction)
    ever closes on them: the table waits while they read the guide."""
    record = table()
    record.clock, record.tutorial = TableClock(turn_minutes=0), Tutorial(lesson="basic", lang="en")
    trial = SimpleNamespace(waiting={0}, turn=0, window=ReactionWindow(30, frozenset({0}), shown=True))
    turn_clock.schedule(record, Duel(), None, trial, now=100.0)
    assert [(s.deadline, s.window) for s in record.seats] == [(None, None)] * 3
    assert turn_clock.due(record, 10_000.0) == turn_clock.Due(False, [], [], [])
