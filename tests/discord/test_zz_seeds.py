from types import SimpleNamespace
import pytest
import bot.ui.tables
from tests.discord.driver import Driver, open_table, play_channel, climb_with_put_backs, cannon_first, climb, game_state, jump, wizard
from tests.discord.test_fortissimo_secrets import check_secrets
from tests.discord.test_fortissimo_play import check_log_and_replay

@pytest.mark.parametrize("seed", range(30))
@pytest.mark.parametrize("shape", ["h1c3adv", "h2adv", "h3basic", "h2c1adv", "h4basic"])
async def test_seeds(env, monkeypatch, seed, shape):
    monkeypatch.setattr(bot.ui.tables, "secrets", SimpleNamespace(randbits=lambda bits: seed * 7919 + 13))
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    humans = {"h1c3adv": 1, "h2adv": 2, "h3basic": 3, "h2c1adv": 2, "h4basic": 4}[shape]
    comps = {"h1c3adv": 3, "h2adv": 0, "h3basic": 0, "h2c1adv": 1, "h4basic": 0}[shape]
    variant = "basic" if "basic" in shape else "advanced"
    players = [guild.add_member(env.create_user(n)) for n in ("ann", "ben", "cat", "dan")[:humans]]
    record, _ = await open_table(env, channel, players[0], players[1:], computers=comps, variant=variant)
    thread = play_channel(env, channel, record)
    async def check(d):
        check_secrets(env, channel, thread, await d.record())
    policies = [jump, wizard, climb_with_put_backs(2)]
    def choose(state, seat, turn):
        if seed % 3 == 0:
            return jump(state, seat, turn)
        return policies[(seat + seed) % 3](state, seat, turn)
    d = Driver(env, thread, players, record.id, choose=choose, after_click=check, open_grid_high=seed % 2 == 0)
    record = await d.play_to_end()
    assert record.status == "finished"
    await check_log_and_replay(env, record, d)
    st = game_state(env, record)
    print("RESULT", shape, seed, st.end_reason, st.open_grid, any(st.magicien_used), any(t.startswith("m") for t in d.tokens), len(d.tokens))
