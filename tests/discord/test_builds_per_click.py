"""What a click shows is built once: the board, its picture and the private view clicked in, each
once for the change the click made (the private view is not built again to see whether it changed)."""

from collections import Counter
from typing import Any

from tests.discord.forteresse_driver import Driver, start


async def test_a_click_in_the_private_view_builds_each_message_once(env, monkeypatch) -> None:
    ui = type(env.bot.tables.uis["forteresse"])  # the class the bot loaded (extensions are imported anew)
    built: Counter[str] = Counter()
    for name in ("board", "picture", "private"):
        original = getattr(ui, name)

        def counted(self: Any, *args: Any, _name: str = name, _original: Any = original) -> Any:
            built[_name] += 1
            return _original(self, *args)

        monkeypatch.setattr(ui, name, counted)
    guild = env.create_guild(preferred_locale="en-US")
    ann = guild.add_member(env.create_user("ann"))
    record, thread, _ = await start(env, guild.create_text_channel("games"), ann)
    driver = Driver(env, thread, ann, record.id)
    await driver.open_hand()
    for _ in range(6):
        built.clear()
        await driver.play_one()
        assert built == {"board": 1, "picture": 1, "private": 1}, driver.tokens[-1]
