"""Tutorials (``/<game> learn``): a guided real game, in the learner's language, counted nowhere."""

from tests.conftest import set_locale
from tests.discord.tutorial_driver import Learner, learn


async def test_a_learner_who_follows_the_guide_finishes_the_fortissimo_lesson(env) -> None:
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    set_locale(ann, "en-US")
    record, thread = await learn(env, channel, ann, "fortissimo")
    learner = Learner(env, thread, ann, record.id)
    record = await learner.play_to_end()
    assert record.status == "finished"
    print("\n\n".join(learner.guides))
    print([m.content or [e.title for e in m.embeds] for m in thread.history()][-4:])
