"""Fireship's moves told in words: the board's latest moves, the first round's throw-off
first (« le tirage le plus grand désigne le joueur N°1 »). An attack names its sides as
they stood then: a piece may have moved or sunk since."""

from typing import TYPE_CHECKING, Any

from bot.i18n import Language, t
from bot.storage import SessionRecord
from bot.ui.game_ui import (
    seat_name,
)
from cogs.fireship.names import (
    KIND_EMOJI,
    SPECIAL_EMOJI,
    card_text,
    dot,
    island_words,
    piece_words,
    ref_text,
)
from games.fireship.board import (
    label,
)
from games.fireship.models import (
    FireshipState,
    FireshipView,
)


class Narration:
    """``recent_lines`` and ``narrate`` for the Fireship UI."""

    if TYPE_CHECKING:  # the UI's own

        def public_view(self, state: FireshipState) -> FireshipView: ...

    def recent_lines(self, record: SessionRecord, state: FireshipState, lang: Language) -> list[str]:
        view = self.public_view(state)
        # « le tirage le plus grand désigne le joueur N°1 »: told through the first round
        opening = opening_rolls(view) if view.round == 1 else []
        return [line for event in opening + record.recent if (line := self.narrate(record, view, event, lang))]

    def history_lines(self, record: SessionRecord, state: FireshipState, lang: Language) -> list[str]:
        """The whole game: who begins (the first-player rolls), then every move."""
        view = self.public_view(state)
        events = opening_rolls(view) + record.recent
        return [line for event in events if (line := self.narrate(record, view, event, lang))]

    def narrate(self, record: SessionRecord, view: FireshipView, event: dict[str, Any], lang: Language) -> str | None:
        kind = event["kind"]
        if kind in ("turn_started", "kept_card"):
            return None
        params: dict[str, Any] = {}
        if isinstance(event.get("seat"), int):
            params["player"] = f"{dot(view, event['seat'])} {seat_name(record, event['seat'], lang)}"
        variant = ""
        if kind == "first_rolls":
            throws = [
                " · ".join(f"{seat_name(record, int(s), lang)} {total}" for s, total in roll.items())
                for roll in event["rolls"]
            ]
            params.update(rolls=" / ".join(throws), first=seat_name(record, event["first"], lang))
        elif kind == "rolled":
            params.update(dice=" + ".join(map(str, event["dice"])), total=sum(event["dice"]))
        elif kind == "moved":
            params.update(
                piece=KIND_EMOJI[event["piece_kind"]],
                start=label(tuple(event["start"])),
                end=label(tuple(event["end"])),
                cost=event["cost"],
            )
        elif kind == "attacked":
            params.update(
                leader=self._attacker_text(view, event, "leader", event["seat"], lang),
                target=self._attacker_text(view, event, "target", event["defender"], lang),
                attack=event["attack"],
                defence=event["defence"],
            )
        elif kind == "attack_rolled":
            params["die"] = t(lang, f"fireship.die.{event['die']}")
            variant = ".won" if event["won"] else ".lost"
        elif kind == "destroyed":
            params["pieces"] = ", ".join(
                f"{dot(view, owner)}{KIND_EMOJI[k]} {label(tuple(cell))}" for owner, k, cell in event["pieces"]
            )
            variant = "." + event["cause"]
        elif kind == "island_taken":
            params["island"] = event["island"] + 1
        elif kind == "card_played":
            params["card"] = card_text(event["card"], lang)
            variant = ".badge" if event["badge"] else ""
        elif kind == "cancelled":
            variant = "." + event["action"]
        elif kind == "special_used":
            params["special"] = SPECIAL_EMOJI[event["special"]]
            variant = "." + event["special"]
        elif kind in ("battleship_roll",):
            variant = ".won" if event["won"] else ".lost"
        elif kind == "spun":
            params["segment"] = t(lang, f"fireship.wheel.{event['segment']}")
        elif kind == "drew":
            params["card"] = card_text(event["card"], lang) if event["card"] else ""
            variant = ".kept" if event["card"] is None else ".played"
        elif kind == "gained":
            what = event["what"]
            params["what"] = (
                t(lang, "fireship.gain.badge", card=card_text(what[6:], lang))
                if what.startswith("badge_")
                else t(lang, f"fireship.gain.{what}")
            )
            variant = ".given" if event["given"] else ".none_left"
        elif kind in ("whirlpool_placed", "kraken", "whirlpool_struck"):
            params["cell"] = label(tuple(event["cell"]))
        elif kind == "ended":
            params["winners"] = ", ".join(seat_name(record, s, lang) for s in event["winners"])
            variant = "." + event["reason"]
        return t(lang, f"fireship.event.{kind}{variant}", **params)

    def _attacker_text(
        self, view: FireshipView, event: dict[str, Any], side: str, owner: int | None, lang: Language
    ) -> str:
        """A side of an attack as it stood then: the piece where it was (it may have moved or sunk
        since), the island in its owner's colour of the time."""
        ref = event[side]
        if ref.startswith("i"):
            return island_words(view, int(ref[1:]), owner, lang)
        if event.get(f"{side}_kind") and event.get(f"{side}_cell"):
            cell = event[f"{side}_cell"]
            return piece_words(view, owner, event[f"{side}_kind"], (cell[0], cell[1]), lang)
        # an event stored before the pieces were kept in it: the piece as it is now, if it is still there
        return ref_text(view, ref, lang) if any(str(p.id) == ref for p in view.pieces) else t(lang, "fireship.gone")


def opening_rolls(view: FireshipView) -> list[dict[str, Any]]:
    """The first-player rolls as an event to tell (none before they are thrown)."""
    last = view.throw_off[-1] if view.throw_off else {}
    if not last:
        return []
    return [{"kind": "first_rolls", "rolls": view.throw_off, "first": max(last, key=last.__getitem__)}]
