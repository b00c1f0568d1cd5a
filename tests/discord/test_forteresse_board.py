"""The board and the private view over whole games, without Discord: limits, texts, secrecy.

Faster than clicking, so it covers more seeds: every state of each game is
drawn in both languages, as the bot would draw it.
"""

import pytest

from bot.storage.base import Seat, SessionRecord
from cogs.forteresse.board import ForteresseUI, card_name
from games.core import Rng
from games.forteresse import ENGINE
from games.forteresse.models import ForteresseState

RECENT = 8  # as many events as the bot keeps for the board


def embed_size(data: dict) -> int:
    texts = [data.get("title", ""), data.get("description", ""), data.get("footer", {}).get("text", "")]
    texts += [text for f in data.get("fields", []) for text in (f["name"], f["value"])]
    return sum(len(text) for text in texts)


def check_embed(data: dict) -> None:
    assert len(data.get("fields", [])) <= 25 and len(data.get("description", "")) <= 4096
    assert all(len(f["name"]) <= 256 and 0 < len(f["value"]) <= 1024 for f in data.get("fields", []))
    assert embed_size(data) <= 6000


def offered(message) -> set[str]:  # noqa: ANN001
    tokens = set()
    for child in message.view.children:
        item = getattr(child, "item", child)
        if hasattr(item, "options"):
            assert 1 <= len(item.options) <= 25
            tokens |= {o.value for o in item.options}
        else:
            tokens.add(item.custom_id.rsplit(":", 1)[1].removeprefix("ask-"))
    assert len({getattr(c, "item", c).row for c in message.view.children}) <= 5
    return tokens


def with_other_hand(state: ForteresseState) -> ForteresseState:
    other = state.model_copy(deep=True)
    swap = min(len(state.hand), len(state.deck))
    other.hand, other.deck = state.deck[:swap] + state.hand[swap:], state.hand[:swap] + state.deck[swap:]
    return other


@pytest.mark.parametrize(("seed", "auto_ties"), [(8, False), (110, False), (112, True)])
def test_every_state_of_a_game_draws_within_limits(seed: int, auto_ties: bool) -> None:
    ui = ForteresseUI()
    record = SessionRecord(
        id=7, game="forteresse", guild_id=1, lobby_channel_id=1, channel_id=1, host_id=5, status="active",
        seats=[Seat(user_id=5, name="ann")], options={"auto_ties": auto_ties}, seed=seed, created_at=0, updated_at=0,
    )  # fmt: skip
    state = ENGINE.new_game(1, ENGINE.make_options(record.options), seed)
    for move in range(300):
        for lang in ("fr", "en"):
            (board,) = ui.board(record, state, lang)
            data = board.embed.to_dict()
            check_embed(data)
            text = str(data)
            assert "forteresse." not in text  # no catalog key shown for a missing text
            assert [m.embed.to_dict() for m in ui.board(record, with_other_hand(state), lang)] == [data]
            private = ui.private(record, state, 0, lang)
            check_embed(private.embed.to_dict())
            assert all(card_name(card, lang) in private.embed.fields[0].value for card in state.hand)
            if state.result is None:
                assert offered(private) == {a.token() for a in ENGINE.legal_actions(state, 0)}
                assert [item.custom_id for item in board.view.children] == [  # "My hand" and "Discards" only
                    f"p:forteresse:{record.id}", f"g:forteresse:{record.id}:{record.version}:more-discards"
                ]
            else:
                assert private.view is None
        if state.result is not None:
            break
        action = ENGINE.choose(ENGINE.view(state, 0), ENGINE.legal_actions(state, 0), Rng.from_seed(seed + move))
        step = ENGINE.apply(state, 0, action)
        state = step.state
        record.version += 1
        public = [e.model_dump(mode="json") for e in step.events if e.audience is None]
        record.recent = (record.recent + public)[-RECENT:]
    else:
        raise AssertionError("the game did not end")
    assert "forteresse." not in ui.result(record, state, "fr").to_dict().__str__()
