"""What a click shows is built once: the board, its picture and the private view clicked in, each
once for the change the click made (the private view is not built again to see whether it changed)."""

from collections import Counter
from typing import Any

from cogs.forteresse.board import ForteresseUI
from tests.discord.forteresse_driver import Driver, start


async def test_a_click_in_the_private_view_builds_each_message_once(env, monkeypatch) -> None:
    built: Counter[str] = Counter()
    for name in ("board", "picture", "private"):
        original = getattr(ForteresseUI, name)

        def counted(self: ForteresseUI, *args: Any, _name: str = name, _original: Any = original) -> Any:
            built[_name] += 1
            return _original(self, *args)

        monkeypatch.setattr(ForteresseUI, name, counted)
    guild = env.create_guild(preferred_locale="en-US")
    ann = guild.add_member(env.create_user("ann"))
    record, thread, _ = await start(env, guild.create_text_channel("games"), ann)
    driver = Driver(env, thread, ann, record.id)
    await driver.open_hand()
    for _ in range(6):
        built.clear()
        await driver.play_one()
        assert built == {"board": 1, "picture": 1, "private": 1}, driver.tokens[-1]
