"""French and English catalogs match, every text key the code names exists, and the texts are written
with care: plural forms instead of "card(s)", no doubled punctuation, no French quotation marks in English."""

import ast
import json
import re
import string
import tomllib
import typing
from pathlib import Path

import pytest

from bot.i18n import ELIDED_WORDS, LANGUAGES, catalog, elide, t
from bot.ui.components import LOBBY_OPS
from cogs.forteresse import board as forteresse_board
from cogs.forteresse import names as forteresse_names
from cogs.forteresse import narration as forteresse_narration
from cogs.labyrinthe import names as labyrinthe_names
from games.core import WITHHELD, Grounds
from games.core.errors import Refusal
from games.fireship import cards as fireship_cards
from games.fireship import engine as fireship_engine
from games.fireship import models as fireship_models
from games.fortboyard import deck as fortboyard_deck
from games.fortboyard import engine as fortboyard_engine
from games.fortboyard import models as fortboyard_models
from games.fortboyard import track as fortboyard_track
from games.forteresse import models as forteresse_models
from games.forteresse.cards import HOUSE_RULES
from games.fortissimo import models
from games.fortissimo.cards import CARDS, kind
from games.labyrinthe import engine as labyrinthe_engine
from games.labyrinthe import models as labyrinthe_models

ROOT = Path(__file__).resolve().parents[2]
CATALOG_FILES = sorted(ROOT.glob("bot/locales/*.json")) + sorted(ROOT.glob("cogs/*/locales/*.json"))
SOURCES = sorted(p for folder in ("bot", "cogs", "games") for p in (ROOT / folder).rglob("*.py"))


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_folder_has_both_languages_with_the_same_keys_and_placeholders() -> None:
    folders = {path.parent for path in CATALOG_FILES}
    assert len(folders) >= 2
    for folder in folders:
        texts = {lang: json.loads((folder / f"{lang}.json").read_text(encoding="utf-8")) for lang in LANGUAGES}
        assert texts["fr"].keys() == texts["en"].keys(), folder
        for key in texts["fr"]:
            assert placeholders(texts["fr"][key]) == placeholders(texts["en"][key]), key
            assert texts["fr"][key].strip() and texts["en"][key].strip(), key


def test_no_key_is_defined_twice() -> None:
    seen: dict[str, Path] = {}
    for path in CATALOG_FILES:
        if path.stem != "en":
            continue
        pairs = json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=list)
        for key, _ in pairs:
            assert key not in seen, f"{key} in {path} and {seen[key]}"
            seen[key] = path


NAMESPACES = (
    "cancel", "cmd", "common", "error", "games", "help", "history", "leaderboard", "lobby", "quit", "replay", "seat", "settings",
    "stats", "status", "table", "fortissimo", "clock", "time", "resume", "notifications", "forteresse",
    "labyrinthe", "fireship", "fortboyard", "rematch", "permission", "describe", "level", "recent", "rating",
    "tutorial", "hint",
)  # fmt: skip
KEY_SHAPE = re.compile(r"[a-z_]+(\.[a-z_0-9]+)+")
CALLS = re.compile(r'\b(?:t\(\w+, |text\(|command_text\()"([^"]+)"')


def key_literals() -> dict[str, str]:
    """Every string literal shaped like a text key (``lobby.title``) in the code:
    arguments of ``t``/``text``/``command_text``, but also keys chosen in a
    conditional or a dict, ``key = ...`` and ``title_key = ...`` attributes."""
    found = {}
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            is_key = isinstance(node, ast.Constant) and isinstance(node.value, str) and KEY_SHAPE.fullmatch(node.value)
            if is_key and node.value.split(".")[0] in NAMESPACES:
                found[node.value] = f"{path.relative_to(ROOT)}:{node.lineno}"
    return found


def test_every_literal_key_in_the_code_exists() -> None:
    keys = key_literals()
    called = {k for path in SOURCES for k in CALLS.findall(path.read_text(encoding="utf-8"))}
    assert len(called) > 60 and called <= keys.keys()  # the plain calls are all among them
    assert {"lobby.started", "fortissimo.board.second_half", "fortissimo.title"} <= keys.keys()
    missing = sorted(
        f"{k} ({where})" for k, where in keys.items() if not all(catalog().has(lang, k) for lang in LANGUAGES)
    )
    assert missing == []


def test_engine_refusal_keys_exist() -> None:
    """Every refusal class's default key (the bot's and the rules')."""
    for cls in Refusal.__subclasses__() + [c for s in Refusal.__subclasses__() for c in s.__subclasses__()]:
        assert catalog().has("fr", cls.key) and catalog().has("en", cls.key), cls


def enum_values(model: type, name: str) -> list[str]:
    return list(typing.get_args(model.model_fields[name].annotation))


def forteresse_event_keys() -> list[str]:
    """Every public event of Forteresse Solo, in each of the ways the board tells it."""
    keys = []
    for cls in forteresse_models.ForteresseEvent.__subclasses__():
        kind = cls.model_fields["kind"].default
        if kind in forteresse_narration.PRIVATE_EVENTS:
            continue
        variants = forteresse_narration.EVENT_VARIANTS.get(kind)
        keys += [f"forteresse.event.{kind}.{v}" for v in variants] if variants else [f"forteresse.event.{kind}"]
    return keys


def forteresse_control_keys() -> list[str]:
    """The private view's menus (one per question or choice) and its "done" buttons."""
    menus = (
        "recruit",
        "attach",
        "explore",
        "lieux",
        "boss",
        "bribe",
        "block",
        "attack",
        "fight",
        "discard",
        "restore",
        "enemy_order",
        "enemy_stat",
        "fortress_order",
        "lose_stat",
        "key",
        "retrieve",
    )
    passes = ("heroes", "explore", "lieux", "bribe", "defenders", "attackers", "key", "restore", "retrieve")
    paths = typing.get_args(forteresse_models.SiteView.model_fields["status"].annotation)
    return (
        [f"forteresse.choose.{menu}" for menu in menus]
        + [f"forteresse.button.pass.{kind}" for kind in passes]
        + [f"forteresse.path_choice.{status}" for status in paths]
        + [f"forteresse.auto_ties.{ties}" for ties in ("true", "false")]
    )


def labyrinthe_keys() -> list[str]:
    """Every public event of the labyrinth in each of its ways, and the names the board builds keys from."""
    variants = {
        "took": ("moved", "still", "duel"),
        "challenged": ("duel", "target"),
        "stake": ("one", "die"),
        "revealed": ("tie", "won"),
        "ended": ("seven", "forfeit"),
        "handed": ("some", "none"),
    }
    events = [
        cls.model_fields["kind"].default
        for cls in labyrinthe_models.Event.__subclasses__()
        if cls.__module__ == labyrinthe_models.__name__ and cls.model_fields["kind"].default != "handed_treasures"
    ]
    options = labyrinthe_models.LabyrintheOptions
    return (
        [f"labyrinthe.event.{kind}.{v}" for kind in events for v in variants.get(kind, ())]
        + [f"labyrinthe.event.{kind}" for kind in events if kind not in variants]
        + [f"labyrinthe.turn.{key}" for key in labyrinthe_names.TURN_KEYS.values()]
        + [f"labyrinthe.treasure.{key}" for key, _ in labyrinthe_names.TREASURES]
        + [f"labyrinthe.sign.{sign}" for sign in labyrinthe_models.SIGNS]
        + [f"labyrinthe.house.{key}" for key in labyrinthe_engine.HOUSE_RULES]
        + [f"labyrinthe.first_player.{v}" for v in enum_values(options, "first_player")]
        + [f"labyrinthe.open_boxes.{v}" for v in ("true", "false")]
        + [f"labyrinthe.result.{r}" for r in ("seven", "forfeit")]
        + [f"labyrinthe.menu.{name}" for name in ("move", "place")]
        + [f"labyrinthe.prompt.{p}" for p in ("change", "change_took")]
    )


def fireship_keys() -> list[str]:
    """Every public event of Fireship in each of its ways, and the names the board builds keys from."""
    causes = typing.get_args(fireship_models.Destroyed.model_fields["cause"].annotation)
    pending = typing.get_args(fireship_models.Pending.model_fields["kind"].annotation)
    picks = typing.get_args(fireship_models.Pick.model_fields["kind"].annotation)
    reasons = typing.get_args(typing.get_args(fireship_models.FireshipState.model_fields["end_reason"].annotation)[0])
    specials = ("battleship", "wheel", "mystery")
    variants = {
        "attack_rolled": ("won", "lost"),
        "destroyed": causes,
        "card_played": ("", "badge"),
        "cancelled": pending + ("lose_boat", "lose_plane", "bermuda"),
        "special_used": specials,
        "battleship_roll": ("won", "lost"),
        "drew": ("kept", "played"),
        "gained": ("given", "none_left"),
        "ended": reasons,
    }
    events = [
        cls.model_fields["kind"].default
        for cls in fireship_models.Event.__subclasses__()
        if cls.__module__ == fireship_models.__name__
        and cls.model_fields["kind"].default not in ("turn_started", "kept_card")
    ]
    cards = list(fireship_cards.DECK) + ["gulf_stream"]
    return (
        [f"fireship.event.{kind}.{v}".rstrip(".") for kind in events for v in variants.get(kind, ())]
        + [f"fireship.event.{kind}" for kind in events + ["first_rolls"] if kind not in variants]
        + [f"fireship.card.{card}" for card in cards]
        + [f"fireship.when.{card}" for card in fireship_cards.KEEPABLE]
        + [f"fireship.wheel.{segment}" for segment in fireship_cards.WHEEL]
        + [f"fireship.kind.{kind}" for kind in fireship_models.KINDS]
        + [f"fireship.die.{die}" for die in fireship_cards.WIN_FACES]
        + [f"fireship.house.{key}" for key in fireship_engine.HOUSE_RULES]
        + [f"fireship.prompt.pick.{pick}" for pick in picks]
        + [f"fireship.pending.{kind}" for kind in pending]
        + [f"fireship.button.use.{special}" for special in specials]
        + [f"fireship.result.{reason}" for reason in reasons]
        + [f"fireship.rules.{part}{end}" for part in ("attacks", "specials", "cards") for end in ("", "_title")]
        + [f"fireship.menu.{kind}" for kind in ("card", "badge")]
        + [f"fireship.board.{key}" for key in ("left", "sunk")]
    )


def hint_keys() -> list[str]:
    """The 💡 Hint's reasons (``bot/ui/hints.py``) and the lobby's line about hints."""
    grounds = typing.get_args(Grounds)
    return (
        [f"hint.reason.{g}" for g in grounds if g not in WITHHELD]
        + [f"hint.withheld.{g}" for g in WITHHELD]
        + [f"lobby.hints.{v}" for v in ("true", "false")]
    )


def fortboyard_keys() -> list[str]:
    """Every public event of Fort Boyard in each of its ways, and the names the board builds keys from."""
    variants = {
        "rolled": ("", "sea"),
        "trial_began": ("", "replay"),
        "trial_ended": ("won", "lost", "nobody", "by_die"),
        "answered": ("right", "wrong"),
        "proposed": ("right", "wrong"),
        "signs_shown": ("won", "tie"),
        "key_won": ("taken", "stock"),
        "round_ended": ("1", "2"),
        "game_ended": ("treasure", "no_treasure", "forfeit"),
        "shots_fired": ("hit", "both", "miss"),
    }
    events = [
        cls.model_fields["kind"].default
        for cls in fortboyard_models.Event.__subclasses__()
        if cls.__module__ == fortboyard_models.__name__ and cls.model_fields["kind"].default != "clue"
    ]
    phases = typing.get_args(fortboyard_models.Phase)
    return (
        [f"fortboyard.event.{kind}.{v}".rstrip(".") for kind in events for v in variants.get(kind, ())]
        + [f"fortboyard.event.{kind}" for kind in events if kind not in variants]
        + [f"fortboyard.house.{key}" for key in fortboyard_engine.HOUSE_RULES]
        + [f"fortboyard.category.{c}" for c in fortboyard_deck.CATEGORIES]
        + [f"fortboyard.cell.{kind}" for kind in set(fortboyard_track.TRACK)]
        + [f"fortboyard.stake.{s}" for s in typing.get_args(fortboyard_models.Stake)]
        + [f"fortboyard.level.{v}" for v in typing.get_args(fortboyard_deck.Level)]
        + [f"fortboyard.sign.{s}" for s in fortboyard_models.SIGNS]
        + [f"fortboyard.round.{r}" for r in (1, 2, 3)]
        + [f"fortboyard.language.{lang}" for lang in fortboyard_deck.LANGUAGES]
        + [f"fortboyard.side.{s}" for s in ("random", "red", "blue")]
        + [f"fortboyard.prompt.{p}" for p in phases if p not in ("stake",)]
        + [f"fortboyard.prompt.stake_{kind}" for kind in ("enigme", "duel")]
        + [f"fortboyard.box.{b}" for b in ("answer", "sequence", "count", "typing")]
        + [f"fortboyard.trial.{light}" for light in ("reaction_wait", "reaction_go")]
        + [f"fortboyard.result.{r}" for r in ("treasure", "shared", "no_treasure", "forfeit")]
        + [f"fortboyard.rules.{part}{end}" for part in ("rounds", "trials") for end in ("", "_title")]
    )


@pytest.mark.parametrize(
    "keys",
    [
        [f"fortissimo.card.{kind(card)}" for card in CARDS if kind(card)],
        [f"fortissimo.variant.{v}" for v in enum_values(models.FortissimoOptions, "variant")],
        [f"fortissimo.first_player.{v}" for v in enum_values(models.FortissimoOptions, "first_player")],
        [
            f"fortissimo.result.reason.{r}"
            for r in typing.get_args(typing.get_args(models.FortissimoState.model_fields["end_reason"].annotation)[0])
        ],
        [
            f"fortissimo.event.{cls.model_fields['kind'].default}"
            for cls in models.Event.__subclasses__()
            if "kind" in cls.model_fields and cls.__module__ == models.__name__
        ],
        [f"lobby.button.{op}" for op in LOBBY_OPS],
        [f"settings.language.{lang}" for lang in (*LANGUAGES, "auto")],
        forteresse_event_keys(),
        [f"forteresse.prompt.{kind}" for kind in typing.get_args(forteresse_models.PromptKind)],
        [f"forteresse.house.{key}" for key, _ in HOUSE_RULES],
        [f"forteresse.step.{s.replace('.', '_')}.{part}" for s in forteresse_board.STEPS for part in ("name", "help")],
        [f"forteresse.phase.{phase}" for phase in (1, 2, 3, 4)],
        [f"forteresse.result.reason.{r}" for r in typing.get_args(forteresse_models.EndReason)]
        + [f"forteresse.result.title.{r}" for r in typing.get_args(forteresse_models.Result)]
        + [f"forteresse.board.over.{r}" for r in typing.get_args(forteresse_models.Result)],
        [f"forteresse.rank.{name}" for name in forteresse_names.RANK_KEYS.values()],
        [f"forteresse.status.{s}" for s in ("incomplete", "open", "explored", "pillaged")],
        [f"forteresse.rules.phase.{phase}" for phase in (1, 2, 3, 4)],
        forteresse_control_keys(),
        labyrinthe_keys(),
        fireship_keys(),
        fortboyard_keys(),
        hint_keys(),
    ],
    ids=[
        "cards",
        "variants",
        "first_player",
        "end_reasons",
        "events",
        "lobby_buttons",
        "languages",
        "forteresse_events",
        "forteresse_prompts",
        "forteresse_house_rules",
        "forteresse_steps",
        "forteresse_phases",
        "forteresse_results",
        "forteresse_ranks",
        "forteresse_paths",
        "forteresse_rules",
        "forteresse_controls",
        "labyrinthe",
        "fireship",
        "fortboyard",
        "hints",
    ],
)
def test_keys_built_from_names_exist(keys: list[str]) -> None:
    """Keys the code builds with f-strings, from the names they are built from."""
    assert keys
    assert sorted(k for k in keys if not all(catalog().has(lang, k) for lang in LANGUAGES)) == []


LAZY_PLURAL = re.compile(r"\w\((?:s|e|es|x|nt)\)")  # "card(s)", "ramassé(s)", "retourne(nt)"
DOUBLED = re.compile(r"(?<!\.)\.\.(?!\.)|!!|\?\?|,,|::|;;| [,.]|\s{2,}(?=\S)")


def all_texts() -> list[tuple[str, str, str]]:
    """(file, key, text) of every catalog entry."""
    found = []
    for path in CATALOG_FILES:
        for key, text in json.loads(path.read_text(encoding="utf-8")).items():
            found.append((f"{path.parent.parent.name}/{path.name}", key, text))
    return found


def test_no_lazy_plural_and_no_doubled_punctuation() -> None:
    """A text that depends on a number has its plural forms (``key.one``, ``key.other``)."""
    lazy = [(f, k, t) for f, k, t in all_texts() if LAZY_PLURAL.search(t)]
    doubled = [(f, k, t) for f, k, t in all_texts() if DOUBLED.search(t.replace("\n", " "))]
    assert lazy == [] and doubled == []


def test_english_has_no_french_quotation_marks() -> None:
    assert [(f, k) for f, k, t in all_texts() if f.endswith("en.json") and ("«" in t or "»" in t)] == []


NOT_PROSE = re.compile(r"`[^`]*`|https?://\S+|<[@#t][^>]*>")  # code, addresses, mentions and Discord times
PLACEHOLDER = re.compile(r"\{[^}]*\}")
# French sets « : ; ! ? » apart with a no-break space (U+00A0, or the narrow U+202F) and fills its
# quotation marks so: a plain space there lets Discord's narrow column start a line with the sign.
PLAIN_SPACE = re.compile(r" [:;!?]|« | »")
NO_SPACE = re.compile(r"[^\s\u00a0\u202f][:;!?](?!\w)|«(?![\u00a0\u202f])|(?<![\u00a0\u202f])»")
BRANDS = ("Fortissimo!",)  # names written as their makers write them
SNAKE_CASE = re.compile(r"\b[A-Za-z0-9]+_[A-Za-z0-9_]+\b")


def prose(text: str) -> str:
    """What a reader reads as French or English words: code, addresses, mentions and times out,
    a placeholder standing for one word."""
    text = PLACEHOLDER.sub("X", NOT_PROSE.sub("", text))
    for brand in BRANDS:
        text = text.replace(brand, "X")
    return text


def strings(value: object, where: str) -> list[tuple[str, str]]:
    """(where, text) of every string in a parsed TOML value."""
    if isinstance(value, str):
        return [(where, value)]
    if isinstance(value, dict):
        return [found for key, item in value.items() for found in strings(item, f"{where}.{key}")]
    if isinstance(value, list):
        return [found for index, item in enumerate(value) for found in strings(item, f"{where}[{index}]")]
    return []


def french_deck_texts() -> list[tuple[str, str, str]]:
    """(file, card, text) of every French text of Fort Boyard's cards."""
    paths = sorted((ROOT / "games" / "fortboyard" / "decks" / "fr").glob("*.toml"))
    return [
        (path.name, where, text)
        for path in paths
        for where, text in strings(tomllib.loads(path.read_text(encoding="utf-8")), "card")
    ]


def test_french_sets_its_signs_apart_with_no_break_spaces() -> None:
    """No plain space before « : ; ! ? » nor inside « », and no sign glued to its word (a time such
    as 12:30, an address, a command and a placeholder are not prose)."""
    french = [(f, k, t) for f, k, t in all_texts() if f.endswith("fr.json") and not k.startswith("cmd.")]
    french += [(f, k, t) for f, k, t in all_texts() if f.endswith("fr.json") and k.endswith(".desc")]
    french += french_deck_texts()
    assert len(french) > 1000
    plain = [(f, k, t) for f, k, t in french if PLAIN_SPACE.search(prose(t))]
    glued = [(f, k, t) for f, k, t in french if NO_SPACE.search(prose(t).replace("\n", " "))]
    assert plain == [] and glued == []
    assert PLAIN_SPACE.search(prose("Joueurs : {players}")) and NO_SPACE.search(prose("Joueurs: {players}"))
    assert not NO_SPACE.search(prose("à 12:30, voir https://discord.com/x `/aide` <t:17:R> Fortissimo!"))


def test_no_code_name_is_shown_to_players() -> None:
    """Snake_case names (« temps_par_tour ») are the code's; players read words. A command's own name
    is what they type: it appears only as code (`/reglages temps_par_tour:`)."""
    shown = [(f, k, t) for f, k, t in all_texts() if not re.fullmatch(r"cmd\..*\.name", k)]
    assert [(f, k, t) for f, k, t in shown if SNAKE_CASE.search(prose(t))] == []


def test_french_elides_de_que_le_before_a_name() -> None:
    """« Le paquet d'alice », never « de alice », and « du labyrinthe secret », never « de Le
    labyrinthe secret »: every French text with « de {x} », « que {x} » or
    « le {x} » elides before a vowel sound, and only there (not before a consonant, an aspirated H,
    a number or a cell such as A3); English is left as it is."""
    cases = (("alice", "'alice"), ("Ève", "'Ève"), ("Yves", "'Yves"), ("bob", " bob"), ("Hugo", " Hugo"))
    cases += (("A3", " A3"), ("11", " 11"), ("🔵 ann", " 🔵 ann"))
    found = 0
    for key, text in catalog().texts["fr"].items():
        for match in ELIDED_WORDS.finditer(text):
            word, name = match[1], match[2]
            others = dict.fromkeys(placeholders(text), "bob")
            for value, after in cases:
                written = catalog().t("fr", key, **(others | {name: value}))
                kept = word if after.startswith(" ") else word[:-1]
                assert kept + after in written, (key, written)
            found += 1
    assert found >= 60
    assert t("fr", "forteresse.result.reason.deck_empty", player="alice") == (
        "Le paquet d'alice était vide au début d'un tour."
    )
    assert t("fr", "fireship.describe.whirlpool", player="Ève", cell="E5") == "🌀 Le Tourbillon d'Ève est en E5."
    assert t("en", "forteresse.result.reason.deck_empty", player="alice").startswith("alice's deck")
    assert t("fr", "tutorial.left", game="Le labyrinthe secret") == "Vous avez quitté le tutoriel du labyrinthe secret."
    assert t("fr", "tutorial.left", game="Fort Boyard") == "Vous avez quitté le tutoriel de Fort Boyard."
    assert [elide(w, "Écho") for w in ("de", "que", "Le", "lorsque")] == ["d'Écho", "qu'Écho", "L'Écho", "lorsqu'Écho"]
