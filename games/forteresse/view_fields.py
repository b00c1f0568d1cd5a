"""The public part of Forteresse Solo's view, built once for the engine's view and for the
strong level's light copies (``strong.fast_view``)."""

from collections.abc import Callable
from typing import Any

from games.forteresse.cards import PATH_LENGTH, suit_of, value
from games.forteresse.models import ForteresseState, Site
from games.forteresse.rules import is_boss, power


def site_status(site: Site) -> str:
    if site.explored:
        return "explored"
    return "open" if len(site.lieux) >= PATH_LENGTH else "incomplete"


def view_fields(
    state: ForteresseState,
    site: Callable[..., Any],
    enemy: Callable[..., Any],
    hero: Callable[..., Any],
    exploration: Callable[..., Any],
) -> dict[str, Any]:
    """Every field of the view but the seat, its hand and the outcome, each part built by the
    given constructor: the view's models, or the search's light copies (``strong.fast_view``)."""
    targets: dict[str, list[str]] = {}
    for attacker, target in state.attacks.items():
        targets.setdefault(target, []).append(attacker)
    defending = {blocker: blocked for blocked, blocker in state.blocks.items()}
    exploring = None
    if state.explorer is not None and state.site is not None:
        explorer = next((h for h in state.heroes if h.card == state.explorer), None)
        exploring = exploration(
            hero=state.explorer,
            path=suit_of(state.sites[state.site].treasure),
            lieux=list(state.played),
            points=(power(explorer.stats) if explorer else 0) + sum(value(c) for c in state.played),
        )
    return {
        # a prepared deal's order is hidden: the view's options leave it out
        "options": state.options if state.options.deal is None else state.options.model_copy(update={"deal": None}),
        "turn": state.turn,
        "phase": int(state.step[0]),
        "step": state.step,
        "prompt": state.prompt,
        "sites": [
            site(
                suit=suit_of(s.treasure),
                treasure=s.treasure,
                lieux=list(s.lieux),
                status=site_status(s),
                difficulty=sum(value(c) for c in s.lieux),
                door=s.door,
                pillaged=s.pillaged,
            )
            for s in state.sites
        ],
        "doors_left": len(state.doors),
        "pillaged": sum(s.pillaged for s in state.sites),
        "fortress_size": len(state.fortress),
        "fortress_discard": list(state.fortress_discard),
        "reserve": list(state.reserve),
        "enemies": [
            enemy(
                card=e.card,
                stats=list(e.stats),
                life=len(e.stats),
                power=power(e.stats),
                boss=is_boss(e.stats),
                boost=state.boosts.get(e.card),
                bribed=e.card in state.bribed,
                blocked_by=state.blocks.get(e.card),
                attackers=targets.get(e.card, []),
            )
            for e in state.enemies
        ],
        "combat_order": list(state.combat_queue),
        "heroes": [
            hero(
                card=h.card,
                stats=list(h.stats),
                life=len(h.stats),
                power=power(h.stats),
                tapped=h.tapped,
                explorer=h.card == state.explorer,
                blocking=defending.get(h.card),
                attacking=state.attacks.get(h.card),
            )
            for h in state.heroes
        ],
        "hand_size": len(state.hand),
        "deck_size": len(state.deck),
        "discard": list(state.discard),
        "out_of_game": list(state.out),
        "exploration": exploring,
        "mulligan_available": state.turn == 0 and not state.mulligan_used and state.step == "1.1",
        "result": state.result,
    }
