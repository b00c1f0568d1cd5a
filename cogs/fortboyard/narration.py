"""Fort Boyard's moves told in words: the board's latest moves (the opening throws until
the first move), the trials, the level choice and the treasure room told in the thread as
they begin (``news``, pinging those who must act), and a DM for each new clue (``whisper``).
Clues and code words are told to their player alone."""

from typing import TYPE_CHECKING, Any

from bot.i18n import Language, t
from bot.storage import SessionRecord
from bot.ui.game_ui import (
    seat_mention,
    seat_name,
)
from bot.ui.table_core import jump_url
from cogs.fortboyard.names import SIGN_EMOJI, cell_name, grid_label
from games.fortboyard import ENGINE
from games.fortboyard.models import (
    FortBoyardState,
    FortBoyardView,
    Progress,
    TrialView,
)

NEWS = frozenset({"trial_began", "round_ended"})


class Narration:
    """``recent_lines``, ``narrate``, ``news`` and ``whisper`` for the Fort Boyard UI."""

    if TYPE_CHECKING:  # the UI's own

        def _deadline_text(self, record: SessionRecord, trial: TrialView | Progress, lang: Language) -> str: ...

    def recent_lines(self, record: SessionRecord, state: FortBoyardState, lang: Language) -> list[str]:
        lines = [line for event in record.recent if (line := self.narrate(record, event, lang))]
        if lines:
            return lines
        view = ENGINE.view(state, None)  # only for the opening: the view costs more than the lines
        return [self._opening(record, view, lang)] if view.round == 1 else []

    def history_lines(self, record: SessionRecord, state: FortBoyardState, lang: Language) -> list[str]:
        """The whole game: who begins (the die thrown), then every move."""
        view = ENGINE.view(state, None)
        lines = [line for event in record.recent if (line := self.narrate(record, event, lang))]
        return [self._opening(record, view, lang)] + lines

    def _opening(self, record: SessionRecord, view: FortBoyardView, lang: Language) -> str:
        rounds = []
        for faces in view.opening:
            rounds.append(", ".join(f"{seat_name(record, s, lang)} {f}" for s, f in enumerate(faces) if f))
        return t(lang, "fortboyard.board.opening", throws=" → ".join(rounds))

    def whisper(
        self, record: SessionRecord, state: FortBoyardState, seat: int, events: list[dict[str, Any]], lang: Language
    ) -> str | None:
        clues = [e for e in events if e["kind"] == "clue"]
        if not clues:
            return None
        mine = ENGINE.view(state, seat).clues
        latest = clues[-1]
        return t(
            lang,
            "fortboyard.dm.clue",
            number=record.id,
            count=latest["number"],
            text=latest["text"],
            clues=" · ".join(mine),
            link=jump_url(record),
        )

    def narrate(self, record: SessionRecord, event: dict[str, Any], lang: Language) -> str:
        """One line of the board's log ("" for what the line before already says)."""
        kind = event["kind"]
        if kind == "landed" and not event["via_passe"]:
            return ""  # the roll's own line says where the pawn went
        params = dict(event)
        for key in ("seat", "opponent", "winner", "source", "first"):
            if isinstance(params.get(key), int):
                params[key] = seat_name(record, params[key], lang)
        if "players" in params:
            params["players"] = ", ".join(seat_name(record, s, lang) for s in event["players"])
        if "stake" in params:
            params["stake"] = t(lang, f"fortboyard.stake.{event['stake']}")
        if "category" in params:
            params["category"] = t(lang, f"fortboyard.category.{event['category']}")
        if event.get("cell") is not None:
            params["where"] = cell_name(event["cell"], lang)
        variant = ""
        match kind:
            case "rolled":
                variant = ".sea" if event.get("sea") is not None else ""
            case "trial_began":
                variant = ".replay" if event["replay"] else ""
            case "trial_ended":
                duel = len(event["players"]) > 1
                variant = (
                    ".by_die"
                    if event["by_die"]
                    else ".won"
                    if event["winner"] is not None
                    else ".nobody"
                    if duel
                    else ".lost"
                )
            case "answered" | "proposed":
                variant = ".right" if event["right"] else ".wrong"
            case "signs_shown":
                params["signs"] = " · ".join(
                    f"{seat_name(record, int(s), lang)} {SIGN_EMOJI[sign]}" for s, sign in event["signs"].items()
                )
                params["score"] = (
                    " – ".join(f"{seat_name(record, int(s), lang)} {n}" for s, n in event["score"].items()) or "0"
                )
                variant = ".won" if event["winner"] is not None else ".tie"
            case "key_won":
                variant = ".taken" if event["source"] is not None else ".stock"
            case "shots_fired":
                params["shots"] = " · ".join(
                    f"{seat_name(record, int(s), lang)} {grid_label(c, event['size']) if c is not None else '—'}"
                    for s, c in event["shots"].items()
                )
                hits = event["hits"]
                variant = ".miss" if not hits else ".both" if len(hits) > 1 else ".hit"
                params["winner"] = seat_name(record, hits[0], lang) if hits else ""
            case "round_ended":
                variant = f".{event['round']}"
            case "grabbed":
                stone = t(lang, "fortboyard.stone")
                params["tokens"] = " + ".join(str(v) if v else stone for v in event["tokens"])
                params["count"] = sum(event["tokens"])
            case "words_revealed":
                params["words"] = ", ".join(
                    f"{seat_name(record, int(s), lang)} **{w}**" for s, w in event["words"].items()
                )
            case "game_ended":
                params["winners"] = ", ".join(seat_name(record, s, lang) for s in event["winners"])
                variant = "." + event["reason"]
        text = t(lang, f"fortboyard.event.{kind}{variant}", **params)
        if kind == "trial_ended" and event.get("answer"):
            text += t(lang, "fortboyard.event.answer", answer=event["answer"])
        if kind == "round_ended" and event["lost_dives"]:
            text += " " + t(
                lang,
                "fortboyard.event.lost_dives",
                players=", ".join(seat_name(record, s, lang) for s in event["lost_dives"]),
            )
        return text

    def news(self, record: SessionRecord, state: FortBoyardState, lang: Language) -> str | None:
        """A trial, the level choice and the treasure room are told in the thread as they
        begin, pinging those who must act (a board edit pings nobody)."""
        kinds = {event["kind"] for event in record.news}
        if not kinds & NEWS or record.status != "active":
            return None
        humans = [s for s in sorted(ENGINE.to_act(state)) if not (record.seats[s].computer or record.seats[s].auto)]
        if not humans:
            return None
        players = ", ".join(seat_mention(record, s, lang) for s in humans)
        if state.phase == "trial" and state.trial is not None:
            category = t(lang, f"fortboyard.category.{state.trial.category}")
            return t(
                lang,
                "fortboyard.news.trial",
                players=players,
                category=category,
                deadline=self._deadline_text(record, state.trial, lang),
            ).strip()
        if state.phase == "level":
            return t(lang, "fortboyard.news.level", players=players)
        if state.phase == "guess":
            return t(lang, "fortboyard.news.guess", players=players)
        return None
