"""The board and the private view over whole games, without Discord: limits, texts, secrecy.

Faster than clicking, so it covers more seeds: every state of each game is
drawn in both languages, as the bot would draw it.
"""

import json

import pytest

from bot.storage.base import Seat, SessionRecord
from cogs.forteresse.board import ForteresseUI
from cogs.forteresse.names import card_name
from games.core import Rng
from games.forteresse import ENGINE
from games.forteresse.models import Discard, Explore, ForteresseState, Pick
from tests.games.test_forteresse_rules import C, act, build, open_diamonds, run

RECENT = 8  # as many events as the bot keeps for the board


def embed_size(data: dict) -> int:
    texts = [data.get("title", ""), data.get("description", ""), data.get("footer", {}).get("text", "")]
    texts += [text for f in data.get("fields", []) for text in (f["name"], f["value"])]
    return sum(len(text) for text in texts)


def check_embed(data: dict) -> None:
    assert len(data.get("fields", [])) <= 25 and len(data.get("description", "")) <= 4096
    assert all(len(f["name"]) <= 256 and 0 < len(f["value"]) <= 1024 for f in data.get("fields", []))
    assert embed_size(data) <= 6000


def offered(message) -> set[str]:
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
        id=7,
        game="forteresse",
        guild_id=1,
        lobby_channel_id=1,
        channel_id=1,
        host_id=5,
        status="active",
        seats=[Seat(user_id=5, name="ann")],
        options={"auto_ties": auto_ties},
        seed=seed,
        created_at=0,
        updated_at=0,
    )
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
                assert [item.custom_id for item in board.view.children] == [  # "My hand", "Discards", "Hint" only
                    f"p:forteresse:{record.id}",
                    f"g:forteresse:{record.id}:{record.version}:more-discards",
                    f"hint:forteresse:{record.id}",
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


# -- what the latest moves name ------------------------------------------------------------
def table_record(recent: list[dict], news: list[dict]) -> SessionRecord:
    return SessionRecord(
        id=7,
        game="forteresse",
        guild_id=1,
        lobby_channel_id=1,
        channel_id=1,
        host_id=5,
        status="active",
        seats=[Seat(user_id=5, name="ann")],
        options={},
        seed=1,
        created_at=0,
        updated_at=0,
        recent=recent,
        news=news,
    )


def public(events: list) -> list[dict]:
    return [e.model_dump(mode="json") for e in events if e.audience is None]


def board_text(record: SessionRecord, state: ForteresseState, lang: str) -> str:
    (board,) = ForteresseUI().board(record, state, lang)
    return json.dumps(board.embed.to_dict(), ensure_ascii=False)


def test_a_card_gone_face_down_is_named_only_by_the_change_that_showed_it() -> None:
    """« Sinon placez la carte sous la Forteresse, face cachée. » The Path Boost turns over the Jack of
    Spades, which goes face down under the Fortress: the change that showed it names it; from the next
    change on, the latest moves (board and History) call it a hidden card."""
    state = open_diamonds(hand=["p8D", "p2C"], heroes=[C("pQD", "p5D")], fortress=["fJS", "f2C"])
    state, _ = run(state, "2.1")
    state, events = act(state, Explore(hero="pQD", path="D"))
    assert state.fortress[-1] == "fJS"
    told = public(events)
    shown = {
        "en": "Path Boost on ♦: Jack ♠, no effect; it goes face down under the Fortress.",
        "fr": "Boost Chemin sur ♦ : Valet ♠, sans effet ; la carte passe face cachée sous la Forteresse.",
    }
    hidden = {
        "en": "Path Boost on ♦: a card now hidden, no effect; it goes face down under the Fortress.",
        "fr": "Boost Chemin sur ♦ : une carte désormais cachée, sans effet ; la carte passe face cachée sous la Forteresse.",
    }
    ui = ForteresseUI()
    for lang in ("en", "fr"):
        fresh = table_record(told, news=told)
        assert shown[lang] in ui.recent_lines(fresh, state, lang) and shown[lang] in board_text(fresh, state, lang)
        later = table_record(told, news=[])  # the next change, or the board posted again
        assert hidden[lang] in ui.recent_lines(later, state, lang)
        assert card_name("fJS", lang) not in board_text(later, state, lang)
        assert not [line for line in ui.recent_lines(later, state, lang) if card_name("fJS", lang) in line]


def test_a_card_taken_back_into_the_hand_is_named_no_more() -> None:
    """« Si vous le faites, vous pouvez ensuite prendre dans votre défausse 1 carte d’un type différent de
    celle défaussée et la mettre dans votre Main. » The Queen of Diamonds, discarded from the hand earlier
    (named then: the discard is face up), goes back into the hand at 4.2: the older line calls it a hidden
    card; the 3 of Spades, still in the discard, stays named."""
    state = build(hand=["p9C", "pAS"], discard=["p6H", "pQD", "p3S"])
    state, _ = run(state, "4.2")
    state, first = act(state, Discard(card=0))
    state, second = act(state, Pick(card="pQD"))
    earlier = [{"kind": "discarded", "step": "3.4", "source": "hand", "cards": ["pQD", "p3S"], "audience": None}]
    record = table_record(earlier + public(first) + public(second), news=public(second))
    lines = {
        "en": ("Discarded from the hand: a card now hidden, 3 ♠.", "Discarded from the hand: 9 ♣."),
        "fr": ("Défaussé de la main : une carte désormais cachée, 3 ♠.", "Défaussé de la main : 9 ♣."),
    }
    for lang in ("en", "fr"):
        told = ForteresseUI().recent_lines(record, state, lang)
        assert told[:2] == list(lines[lang])  # the 9 of Clubs, discarded at 4.2, is still on show
        assert not [line for line in told if card_name("pQD", lang) in line]
        assert card_name("pQD", lang) not in board_text(record, state, lang)


def test_the_boss_tie_in_both_languages() -> None:
    """« (de même Enseigne si possible, au choix du joueur en cas d'égalité) » The hand view asks which
    Hearts Enemy becomes the Boss with the 9 of Hearts; the board says what the player is asked."""
    state, _ = run(build(hand=["p2C"], reserve=["fJH", "fKH", "f9H"]), "4.3")
    record = table_record([], news=[])
    texts = {
        "en": (
            "Which Enemy becomes the Boss, with which Location…",
            ["9 ♥ onto Jack ♥", "9 ♥ onto King ♥"],
            "Boss: Life 1, Power 9",
            "Choose which Location goes onto which Enemy: that Enemy becomes the Boss.",
        ),
        "fr": (
            "Quel Ennemi devient le Boss, avec quel Lieu…",
            ["9 ♥ sur Valet ♥", "9 ♥ sur Roi ♥"],
            "Boss : Vie 1, Puissance 9",
            "Choisissez quel Lieu va sur quel Ennemi : cet Ennemi devient le Boss.",
        ),
    }
    for lang, (placeholder, labels, description, question) in texts.items():
        private = ForteresseUI().private(record, state, 0, lang)
        (menu,) = [getattr(c, "item", c) for c in private.view.children if hasattr(getattr(c, "item", c), "options")]
        assert menu.placeholder == placeholder
        assert [(o.label, o.value, o.description) for o in menu.options] == [
            (labels[0], "bs.f9H.fJH", description),
            (labels[1], "bs.f9H.fKH", description),
        ]
        assert question in private.embed.description and question in board_text(record, state, lang)


def test_an_undefended_attack_asks_for_more_cards_only_once_one_is_discarded() -> None:
    """House rule 7 (an undefended attack discards as many cards as the attacker's highest Stat): the
    Queen of Spades with a 4 makes you discard four cards; the view asks for four cards, then for
    "3 more" once one is gone, never "4 more" before any was discarded."""
    state = build(hand=["p9C", "pKD", "p2S", "p3S", "pAH", "p7H"], enemies=[C("fQS", "f4S")], deck=["p2H", "p3H"])
    state, _ = run(state, "3.1")
    record = table_record([], news=[])
    asked = {
        "en": (
            "Queen ♠ attacks undefended: discard 4 cards from your hand.",
            "Queen ♠ attacks undefended: discard 3 more cards from your hand.",
        ),
        "fr": (
            "Dame ♠ attaque sans défenseur\xa0: défaussez 4 cartes de votre main.",
            "Dame ♠ attaque sans défenseur\xa0: défaussez encore 3 cartes de votre main.",
        ),
    }
    after_one, _ = act(state, Discard(card=0))
    for lang, (first, then) in asked.items():
        assert first in ForteresseUI().private(record, state, 0, lang).embed.description
        assert then in ForteresseUI().private(record, after_one, 0, lang).embed.description
        assert "more" not in board_text(record, state, lang) and "encore" not in board_text(record, state, lang)
