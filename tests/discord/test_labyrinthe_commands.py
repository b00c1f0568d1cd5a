"""The labyrinth's commands and refusals: out of turn, not in the game, stale buttons,
the centre turned twice, a restart mid-turn; in each clicker's language."""

from bot.i18n import t
from games.labyrinthe import ENGINE
from games.labyrinthe.engine import HOUSE_RULES
from tests.conftest import make_bot, set_locale
from tests.discord.driver import custom_ids, items, public_text
from tests.discord.labyrinthe_driver import board, open_table


async def french_table(env):
    guild = env.create_guild(preferred_locale="fr")
    channel = guild.create_text_channel("jeux")
    alice, bob, dan = (guild.add_member(env.create_user(name)) for name in ("alice", "bob", "dan"))
    set_locale(alice, "fr")
    set_locale(bob, "en-US")  # an English speaker on a French server
    set_locale(dan, "fr")
    record, thread, _ = await open_table(env, channel, alice, [bob], lang="fr", first_player="lobby")
    return record, thread, (alice, bob, dan)


def button(shown, record, token: str):
    wanted = f"g:labyrinthe:{record.id}:{record.version}:{token}"
    (found,) = [i for i in items(shown) if getattr(i, "custom_id", None) == wanted]
    return found


async def test_refusals_in_each_clickers_language(env) -> None:
    record, thread, (alice, bob, dan) = await french_table(env)
    shown = board(env, thread, record)
    assert ENGINE.to_act(env.bot.service.state(record)) == {0}

    out_of_turn = await bob.click(shown, custom_id=button(shown, record, "c1").custom_id)
    assert out_of_turn.ephemeral and out_of_turn.response.content.endswith("It is not your turn.")
    stranger = await dan.click(shown, custom_id=button(shown, record, "c1").custom_id)
    assert stranger.ephemeral and stranger.response.content.endswith("Vous ne jouez pas dans cette partie.")
    assert (await env.bot.storage.get_session(record.id)).version == record.version

    # Alice turns the centre: it cannot turn again this turn; both corridors can, either way.
    await alice.click(shown, custom_id=button(shown, record, "c1").custom_id)
    after = await env.bot.storage.get_session(record.id)
    assert after.version == record.version + 1
    fresh = board(env, thread, after)
    assert all(button(fresh, after, token).disabled for token in ("c1", "c2", "c3"))
    assert not any(button(fresh, after, token).disabled for token in ("icw", "iccw", "ocw", "occw"))
    await alice.click(fresh, custom_id=button(fresh, after, "icw").custom_id)
    after = await env.bot.storage.get_session(record.id)
    state = env.bot.service.state(after)
    assert state.phase == "move" and state.changes == ["c1", "icw"]


async def test_the_undo_button_is_disabled(env) -> None:
    record, thread, (alice, _, _) = await french_table(env)
    shown = board(env, thread, record)
    await alice.click(shown, custom_id=button(shown, record, "ocw").custom_id)
    after = await env.bot.storage.get_session(record.id)
    fresh = board(env, thread, after)
    assert button(fresh, after, "occw").disabled and not button(fresh, after, "ocw").disabled
    assert "encore 1 changement de parcours" in public_text(fresh)  # one change left: the singular


async def test_box_command_rules_and_a_restart_mid_turn(env, db_path) -> None:
    record, thread, (alice, bob, dan) = await french_table(env)
    shown = board(env, thread, record)
    await alice.click(shown, custom_id=button(shown, record, "icw").custom_id)

    box = await bob.slash(thread, "labyrinthe box")
    assert box.ephemeral and "My box: 0/7 treasures" in public_text(box.response.message)
    nobody = await dan.slash(thread, "labyrinthe box")
    assert nobody.ephemeral and "Vous ne jouez pas" in nobody.response.content
    rules = await dan.slash(thread, "labyrinthe rules")
    text = public_text(rules.response.message)
    assert rules.ephemeral and "Là où la règle se tait" in text
    for key in HOUSE_RULES:  # every house rule is stated, whole
        assert t("fr", f"labyrinthe.house.{key}") in text

    # A restart between Alice's two changes: the board's buttons still play.
    before = await env.bot.storage.get_session(record.id)
    old = board(env, thread, before)
    await env.restart_bot(make_bot(db_path))
    await alice.click(old, custom_id=button(old, before, "ocw").custom_id)
    after = await env.bot.storage.get_session(record.id)
    state = env.bot.service.state(after)
    assert after.version == before.version + 1 and state.phase == "move" and state.changes == ["icw", "ocw"]
    fresh = board(env, thread, after)
    menus = [i for i in items(fresh) if getattr(i, "options", None)]
    offered = {o.value for m in menus for o in m.options}
    legal = {a.token() for a in ENGINE.legal_actions(state, 0) if a.token().startswith("m")}
    assert offered == legal and all(len(m.options) <= 25 for m in menus)
    assert f"p:labyrinthe:{after.id}" in custom_ids(fresh)
