"""The castle's layout: the build-time check, labels, rings that turn with what stands on them."""

from games.labyrinthe import maze


def test_layout_check_passes() -> None:
    """Every cell (every treasure's too) connects to every start chamber under some
    rotation, and every notch of a turning ring changes the paths."""
    assert maze.check_layout() == []


def test_layout_check_catches_a_walled_in_treasure(monkeypatch) -> None:
    """The check is not vacuous: wall in a treasure's cell and it says so."""
    ring, index = maze.TREASURE_CELLS[-1]
    walled = list(maze.CLOCKWISE_SIDES)
    walled[ring] = walled[ring][: index - 1] + "||" + walled[ring][index + 1 :]
    inner = list(maze.INNER_SIDES)
    inner[ring] = inner[ring][:index] + "#" + inner[ring][index + 1 :]
    monkeypatch.setattr(maze, "CLOCKWISE_SIDES", tuple(walled))
    monkeypatch.setattr(maze, "INNER_SIDES", tuple(inner))
    maze.paths.cache_clear()
    try:
        problems = maze.check_layout()
    finally:
        maze.paths.cache_clear()
    assert any(f"treasure {len(maze.TREASURE_CELLS) - 1} never reachable" in p for p in problems)


def test_labels_round_trip() -> None:
    labels = [maze.label(pos) for pos in maze.all_positions()]
    assert len(labels) == 64 and len(set(labels)) == 64
    assert labels[:5] == ["A1", "A2", "A3", "A4", "B1"]
    for pos in maze.all_positions():
        assert maze.parse_label(maze.label(pos)) == pos
    for bad in ("", "A", "A0", "A5", "B13", "G1", "b1", "B01", "B1 ", "B٣"):
        assert maze.parse_label(bad) is None


def test_a_turning_ring_carries_its_cells() -> None:
    """A piece cell moves with its ring; fixed rings never move."""
    rotation = maze.turn(maze.START, maze.INNER, 1)
    assert maze.position((2, 0), rotation) == (2, 1)
    assert maze.piece((2, 1), rotation) == (2, 0)
    assert maze.position((3, 0), rotation) == (3, 0)
    rotation = maze.turn(rotation, maze.CENTRE, 3)
    assert maze.position((0, 0), rotation) == (0, 3)
    assert maze.turn(maze.turn(maze.START, maze.OUTER, -1), maze.OUTER, 1) == maze.START
