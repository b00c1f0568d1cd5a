"""Le labyrinthe secret's moves told in words: the board's latest moves, and the duels
told in the thread as they happen (``news``), pinging the duellists who must choose."""

from typing import Any

from bot.i18n import Language, t
from bot.storage import SessionRecord
from bot.ui.game_ui import seat_mention, seat_name
from cogs.labyrinthe.names import SIGN_EMOJI, treasure_name, turn_text
from games.labyrinthe import ENGINE
from games.labyrinthe.maze import label
from games.labyrinthe.models import LabyrintheState

NEWS = frozenset({"challenged", "stake", "chose", "revealed", "handed", "placed"})


class Narration:
    """``recent_lines``, ``narrate`` and ``news`` for the Labyrinthe UI."""

    def recent_lines(self, record: SessionRecord, state: LabyrintheState, lang: Language) -> list[str]:
        return [self.narrate(record, event, lang) for event in record.recent]

    def narrate(self, record: SessionRecord, event: dict[str, Any], lang: Language) -> str:
        kind = event["kind"]
        params = dict(event)
        for key in ("seat", "opponent", "loser", "winner", "pawn"):
            if isinstance(params.get(key), int):
                params[key] = seat_name(record, params[key], lang)
        for key in ("start", "end"):
            if key in params:
                params[key] = label(tuple(params[key]))
        if "treasure" in params:
            params["treasure"] = treasure_name(params["treasure"], lang)
        if kind == "turned":
            params["change"] = turn_text(event["ring"], event["by"], lang)
        variant = ""
        if kind == "took":
            variant = "." + event["how"]
        elif kind == "challenged":
            variant = ".target" if event["for_target"] else ".duel"
        elif kind == "stake":
            variant = ".die" if event["die"] else ".one"
        elif kind == "resigned":
            params["count"] = event["returned"]
        elif kind == "handed":
            variant = ".some" if event["count"] else ".none"  # « S'il n'a pas d'objet trésor, il ne donne rien »
        elif kind == "revealed":
            signs = {int(s): sign for s, sign in event["signs"].items()}
            params["signs"] = " · ".join(
                f"{seat_name(record, s, lang)} {SIGN_EMOJI[sign]}" for s, sign in signs.items()
            )
            variant = ".tie" if event["winner"] is None else ".won"
        elif kind == "ended":
            params["winners"] = ", ".join(seat_name(record, s, lang) for s in event["winners"])
            variant = "." + event["reason"]
        return t(lang, f"labyrinthe.event.{kind}{variant}", **params)

    def news(self, record: SessionRecord, state: LabyrintheState, lang: Language) -> str | None:
        """The duel, told in the thread as it happens; when a round of choices begins, the
        duellists who play in person are pinged (once a round)."""
        lines = [self.narrate(record, event, lang) for event in record.news if event["kind"] in NEWS]
        if not lines:
            return None
        if state.phase == "choose" and state.duel is not None and not state.duel.choices and record.status == "active":
            waiting = [
                seat_mention(record, seat, lang)
                for seat in sorted(ENGINE.to_act(state))
                if not (record.seats[seat].computer or record.seats[seat].auto)
            ]
            if waiting:
                lines.append(t(lang, "labyrinthe.news.choose", players=", ".join(waiting)))
        return "⚔️ " + "\n".join(lines)
