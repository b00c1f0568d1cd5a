"""Fireship's far destinations in a simulated Discord: when a piece reaches more cells than
one menu holds, the board offers the nearest few and a button per quarter of the map; the
quarter's private message offers every reachable cell there, two rows a menu; the cell
chosen, that message confirms the move and says what comes next."""

from simcord import Env

from cogs.fireship.board import NEAREST
from cogs.fireship.names import zone_of
from cogs.fireship.private import MENU
from games.fireship import ENGINE
from games.fireship.models import Steer
from tests.discord.driver import custom_ids, items, open_game_table
from tests.discord.fireship_driver import Driver, board
from tests.discord.forteresse_driver import message, private_reply
from tests.games.test_fireship_rules import at


async def test_a_far_cell_through_a_quarter_then_the_menu_confirms_the_move(env: Env) -> None:
    guild = env.create_guild(preferred_locale="en")
    channel = guild.create_text_channel("games")
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    record, thread, _ = await open_game_table(env, channel, "fireship", ann, [ben])
    driver = Driver(env, thread, [ann, ben], record.id)
    record = await driver.play_until(lambda s: s.phase == "steer" and len(ENGINE.view(s, s.current).reachable) > MENU)
    state = env.bot.service.state(record)
    reach = ENGINE.view(state, state.current).reachable
    shown = board(env, thread, record)
    (nearest,) = [i for i in items(shown) if hasattr(i, "options")]
    assert len(nearest.options) == NEAREST
    quarters = sorted(cid for cid in custom_ids(shown) if ":more-z" in cid)
    assert quarters == sorted({f"g:fireship:{record.id}:{record.version}:more-z{zone_of(at(c))}" for c in reach})

    player = next(p for p in (ann, ben) if p.id == record.seats[state.current].user_id)
    offered: set[str] = set()
    for quarter in quarters:  # every reachable cell is offered once, in its quarter
        menu = message(env, thread, private_reply(await player.click(shown, custom_id=quarter)).id)
        assert menu.content.startswith("🗺️ Reachable cells in ")
        for select in items(menu):
            assert select.placeholder.startswith("Row") and len(select.options) <= MENU
            offered.update(option.value for option in select.options)
    assert offered == {Steer(to=at(cell)).token() for cell in reach}

    far = max(reach, key=lambda cell: (reach[cell], cell))  # the costliest cell: never among the nearest
    token = Steer(to=at(far)).token()
    quarter = next(q for q in quarters if q.endswith(f"z{zone_of(at(far))}"))
    menu = message(env, thread, private_reply(await player.click(shown, custom_id=quarter)).id)
    select = next(s for s in items(menu) if token in [o.value for o in s.options])
    await player.select(menu, [token], custom_id=select.custom_id)
    after = message(env, thread, menu.id)  # the quarter's message, edited in place
    assert after.content.startswith("✅ Moved: ") and f" → {far} ({reach[far]} pt)." in after.content
    assert "[To the board](" in after.content
    record = await driver.record()
    assert env.bot.service.state(record).phase in ("move", "act")
