"""Fortissimo's moves told in words: the board's latest moves, one line per turn.

A card put back face down is named only in the change just made (a computer player's
turn, or a timed-out one, that nobody saw on the board): after that the line says where
a card went back, not which.
"""

from typing import Any

from bot.i18n import Language, t
from bot.storage import SessionRecord
from bot.ui.game_ui import seat_name
from games.fortissimo import ENGINE
from games.fortissimo.cards import label
from games.fortissimo.models import FortissimoState

CLOSING = ("taken", "inserted", "returned")  # what ends a turn begun by a flip


class Narration:
    """``recent_lines`` and ``narrate`` for the Fortissimo UI."""

    def recent_lines(self, record: SessionRecord, state: FortissimoState, lang: Language) -> list[str]:
        return [line for _, line in self._told(record, state, lang)]

    def _told(self, record: SessionRecord, state: FortissimoState, lang: Language) -> list[tuple[bool, str]]:
        """One line per turn (a flip and the same seat's take, insertion or put-back right after
        it), each marked True when it tells the change just made. A card put back face down is
        named only if it was flipped in that change: nobody saw it otherwise."""
        view = ENGINE.view(state, None)
        events = record.recent
        fresh = max(0, len(events) - len(record.news))  # where the change just made begins
        told: list[tuple[bool, str]] = []
        index = 0
        while index < len(events):
            event, after = events[index], events[index + 1 : index + 2]
            readable = index >= fresh or (event["kind"] == "flipped" and view.slots[event["slot"]] is not None)
            if (
                event["kind"] == "flipped"
                and after
                and after[0]["kind"] in CLOSING
                and after[0]["seat"] == event["seat"]
            ):
                closing = after[0]["kind"]
                named = readable or closing != "returned"  # a card taken or inserted shows in a rampart
                key = f"fortissimo.turn.{closing}" + ("_shown" if closing == "returned" and named else "")
                key += "_again" if event.get("again") else ""
                told.append((index + 1 >= fresh, t(lang, key, **self._params(record, event, lang, card=named))))
                index += 2
            else:
                told.append((index >= fresh, self.narrate(record, event, lang, readable)))
                index += 1
        return told

    def narrate(self, record: SessionRecord, event: dict[str, Any], lang: Language, readable: bool = True) -> str:
        """One event alone; a flip names its card only when ``readable``, and says when the card
        was shown before (flipped again)."""
        again = "_again" if event.get("again") else ""
        if event["kind"] == "flipped" and not readable:
            return t(lang, "fortissimo.event.flipped_hidden" + again, **self._params(record, event, lang, card=False))
        key = f"fortissimo.event.{event['kind']}" + (again if event["kind"] == "flipped" else "")
        return t(lang, key, **self._params(record, event, lang))

    @staticmethod
    def _params(record: SessionRecord, event: dict[str, Any], lang: Language, card: bool = True) -> dict[str, Any]:
        params = {key: value for key, value in event.items() if card or key != "card"}
        for key in ("seat", "target"):
            if key in params:
                params["player" if key == "seat" else "target"] = seat_name(record, params[key], lang)
        if "slot" in params:
            params["slot"] = label(params["slot"])
        if event["kind"] == "ended":
            params["winners"] = ", ".join(seat_name(record, s, lang) for s in event["winners"])
        return params
