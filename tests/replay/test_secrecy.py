"""The replay page shows what everyone saw, never a secret, not even in its source.

First, for a whole game of each title, the private items of every seat are looked for in the page
itself: hand cards, face-down values, code words and clues, hidden choices, reaction cards in hand.
Then, step by step, the page is drawn again with everything the public cannot see changed (the
contract suite's perturbations: other hands dealt anew, the deck reordered, code words swapped,
a duellist's sign changed...): each step's words and picture must stay the same.
"""

import re

import pytest

from bot import replay_page, replays
from bot.i18n import t
from cogs.forteresse.names import card_name
from cogs.labyrinthe.names import TREASURES
from games.core import Rng, registry
from games.fortboyard.deck import deck
from tests.games.contract_hooks import PERTURBATIONS
from tests.replay.games import GAMES, UIS, data, finished, page, plain, shots, step_texts


def whole_word(secret: str, text: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(secret.casefold())}(?!\w)", text.casefold()) is not None


def public_text(game: str, number: int) -> str:
    """What the public view and the public events of a step hold, as text (the game's own data)."""
    shot = shots(game)[number]
    view = registry.get(game).view(shot.state, None)
    return view.model_dump_json() + repr(shot.events)


def test_fort_boyard_never_shows_a_clue_nor_a_code_word_before_the_end() -> None:
    """« Piochez chacun une carte INDICES/MOT-CODE  et posez-la, face cachée, devant vous. » Six
    players' words and clues, all three rounds: the words are told at the end, the clues never."""
    document = page("fortboyard").html.decode()
    found = data(page("fortboyard").html)
    before_end = "\n".join(step_texts(page("fortboyard").html)[:-1])
    final = shots("fortboyard")[-1].state
    box = deck(final.options.language)
    every_public = "\n".join(public_text("fortboyard", n) for n in range(len(found["steps"])))
    public_before_end = "\n".join(public_text("fortboyard", n) for n in range(len(found["steps"]) - 1))
    clues = words = 0
    for player in final.players:
        assert player.word is not None and player.level is not None
        card = box.word_card(player.word).level(player.level)
        for clue in card.clues:
            if whole_word(clue, every_public):  # a trial's own text may say it: nothing secret then
                continue
            assert not whole_word(clue, document), clue
            clues += 1
        for word in [card.word, *card.variants]:
            if whole_word(word, public_before_end):  # a word to type in a trial, say
                continue
            assert not whole_word(word, before_end), word
            words += 1
        assert whole_word(card.word, plain(found["end"]))  # the end reveals it, as the result did
    assert clues >= 20 and words >= 5


def test_fortissimo_never_shows_a_face_down_card() -> None:
    """« Retournez-la simplement face cachée là où elle se trouve. » At each step, no card then face
    down is shown, on the grid's buttons or in the narration, though it was seen when flipped."""
    found = data(page("fortissimo").html)
    checked = 0
    for step, shot in zip(found["steps"], shots("fortissimo")):
        shown = registry.get("fortissimo").view(shot.state, None).slots
        hidden = {str(card) for slot, card in enumerate(shot.state.grid) if card and shown[slot] is None}
        keys = set(plain("".join(found["boards"][i] for i in step["k"])).split())
        told = {bold for line in step["l"] for bold in re.findall(r"<b>(\d+)</b>", line)}
        assert not hidden & (keys | told)
        checked += len(hidden)
    assert checked > 1000


def test_forteresse_never_names_a_card_in_hand() -> None:
    """« 1.1 Pioche Joueur : Piochez les cartes sur votre paquet pour en avoir 6 en Main. » The hand
    is the player's own: its cards are named only once on the table (a Fortress card of the same
    name may be on show)."""
    texts = step_texts(page("forteresse").html)
    checked = 0
    for number, (text, shot) in enumerate(zip(texts, shots("forteresse"))):
        public = public_text("forteresse", number)
        shown = {card_name(code, "en") for code in re.findall(r"[\"']([pf][A2-9TJQK][HDCS])[\"']", public)}
        for name in {card_name(code, "en") for code in shot.state.hand} - shown:
            assert not re.search(rf"(?<![\w]){re.escape(name)}", text), (number, name)
            checked += 1
    assert checked > 100


def test_fireship_never_names_a_card_kept_in_hand() -> None:
    """« Certaines cartes peuvent se garder et rester cachées face cachée et jouées plus tard si le
    joueur le souhaite. » Kept cards are secret, « Non » and « +1 » above all (they answer in a
    secret window)."""
    texts = step_texts(page("fireship").html)
    checked = 0
    for number, (text, shot) in enumerate(zip(texts, shots("fireship"))):
        public = public_text("fireship", number)
        for hand in shot.state.hands:
            for card in set(hand):
                if f"'{card}'" in public or f'"{card}"' in public:  # a badge of that name, a card played now
                    continue
                name = t("en", f"fireship.card.{card}")
                assert not re.search(rf"(?<![\w+]){re.escape(name)}(?!\w)", text), (number, name)
                checked += 1
    assert checked > 100


def test_labyrinthe_never_shows_a_sign_before_both_are_in_nor_what_a_duel_handed_over() -> None:
    """« Chacun des deux joueurs prend alors ses trois objets et, en cachant les mains sous la table,
    choisit un objet qu'il tient dans son poing fermé avant de le mettre sur la table. » And « il est
    important d'essayer de mémoriser les "objets trésors" des autres joueurs » : boxes are closed,
    so the treasures a duel hands over are told to the two duellists only."""
    texts = step_texts(page("labyrinthe").html)
    found = data(page("labyrinthe").html)
    record, log = finished("labyrinthe")
    signs = {"rock": "🪨", "paper": "📄", "scissors": "✂"}
    half_chosen = handed = 0
    for text, shot in zip(texts, shots("labyrinthe")):
        duel = shot.state.duel
        if duel is not None and len(duel.choices) == 1:
            (sign,) = duel.choices.values()
            assert t("en", f"labyrinthe.sign.{sign}") not in text and signs[sign] not in text
            half_chosen += 1
    moves = list(replays.walk(replays.export(record, list(log))))
    for number, move in enumerate(moves):
        for event in move.events:
            if event.kind == "handed_treasures" and event.audience is not None:
                lines = plain("\n".join(found["steps"][number]["l"]))
                for treasure in event.model_dump()["treasures"]:
                    assert t("en", f"labyrinthe.treasure.{TREASURES[treasure][0]}") not in lines
                    handed += 1
    assert half_chosen and handed


@pytest.mark.parametrize("game", GAMES)
def test_each_step_is_drawn_from_what_everyone_saw_only(game: str) -> None:
    """Each step's words and picture stay the same when what the public cannot see changes."""
    record, _ = finished(game)
    engine, ui = registry.get(game), UIS[game]
    names = {seat.user_id: seat.name for seat in record.seats if seat.user_id}
    rng = Rng.from_seed(27)
    changed: set[str] = set()
    steps = shots(game)
    for number, shot in enumerate(steps):
        twin_state, parts = PERTURBATIONS[game](shot.state, None, rng)
        if not parts:
            continue
        changed |= set(parts)
        twin = replay_page.Shot(shot.actor, twin_state, shot.events)
        at = replay_page.as_shown(record, shot, last=number == len(steps) - 1)
        assert replay_page.words(engine, ui, at, twin, names, "en", setup=number == 0) == replay_page.words(
            engine, ui, at, shot, names, "en", setup=number == 0
        ), number
        if ui.has_picture and number % 3 == 0:  # the pictures' own tests check them at every state
            assert ui.image(at, twin_state, "en").tobytes() == ui.image(at, shot.state, "en").tobytes(), number
    assert changed, "nothing hidden was ever changed"
