"""A tutorial's guide in Discord: its own message at the top of the board, the controls a step
enables (every other game control disabled), the refusal of any other click, and the buttons that
start a lesson (``bot/tutorials.py`` holds the scripts and where a tutorial stands)."""

import discord

from bot import tutorials
from bot.errors import UserError
from bot.i18n import Language, t
from bot.storage import SessionRecord
from bot.tutorials import Lesson, Step
from bot.ui.components import GameButton, GameSelect, TutorialButton
from bot.ui.game_ui import BoardMessage

COLOUR = 0x2C7A7B  # the guide's embeds: one colour, no game's


def step_text(step: Step, lang: Language) -> str:
    """What the guide says at ``step``: a text to type shows as inline code."""
    params = dict(step.params)
    if step.answer is not None:
        params["answer"] = f"`{step.answer}`"
    return t(lang, step.say, **params)


def private_text(step: Step, lang: Language) -> str | None:
    """What the guide tells the learner alone at ``step`` (the cards of their hand), if anything."""
    return "🎓 " + t(lang, step.private, **step.params) if step.private else None


def guide_message(record: SessionRecord, lang: Language) -> BoardMessage:
    """The guide's part of a tutorial's board: where the lesson stands and what to do now, with the
    Leave button while it runs."""
    lesson = tutorials.lesson_of(record)
    assert lesson is not None  # only a tutorial's board has a guide
    title = t(lang, lesson.title)
    if record.status != "active":
        key = "tutorial.guide.over" if record.status == "finished" else "tutorial.guide.left"
        embed = discord.Embed(title=t(lang, "tutorial.guide.title_done", lesson=title), description=t(lang, key))
        return BoardMessage(embed=_coloured(embed), view=None)
    index = tutorials.step_index(record)
    learner = lesson.learner_steps()
    number = min(sum(i < index for i in learner) + 1, len(learner))
    step = tutorials.current_step(record)
    text = step_text(step, lang) if step else t(lang, "tutorial.guide.free")
    embed = discord.Embed(
        title=t(lang, "tutorial.guide.title", lesson=title, step=number, steps=len(learner)), description=text
    )
    embed.set_footer(text=t(lang, "tutorial.guide.footer"))
    view = discord.ui.View(timeout=None)
    view.add_item(
        TutorialButton(
            "leave",
            record.game,
            str(record.id),
            label=t(lang, "tutorial.button.leave"),
            emoji="🚪",
            style=discord.ButtonStyle.secondary,
        )
    )
    return BoardMessage(embed=_coloured(embed), view=view)


def _coloured(embed: discord.Embed) -> discord.Embed:
    embed.colour = COLOUR
    return embed


def restrict(message: BoardMessage, allowed: frozenset[str]) -> BoardMessage:
    """Only the game controls of ``allowed`` stay enabled (and stand out); the reading buttons
    (Rules, History, Describe, a private view's button), 💡 Hint and the rest are left as they are."""
    if message.view is None:
        return message
    for item in message.view.children:
        if isinstance(item, GameButton):
            button = item.item
            button.disabled = button.disabled or item.token not in allowed
            if not button.disabled and button.style == discord.ButtonStyle.secondary:
                button.style = discord.ButtonStyle.primary
        elif isinstance(item, GameSelect):
            menu = item.item
            menu.options = [option for option in menu.options if option.value in allowed] or menu.options
            menu.disabled = menu.disabled or not any(option.value in allowed for option in menu.options)
    return message


def guided(record: SessionRecord, messages: list[BoardMessage], lang: Language) -> list[BoardMessage]:
    """A board as a tutorial shows it: the guide's message first, then the board with the current
    step's controls alone enabled. Any other table's board is left as it is."""
    if record.tutorial is None or tutorials.lesson_of(record) is None:
        return messages
    step = tutorials.current_step(record)
    allowed = step.allowed() if step else frozenset()
    return [guide_message(record, lang), *(restrict(m, allowed) for m in messages)]


def restricted(record: SessionRecord, message: BoardMessage, lang: Language) -> BoardMessage:
    """A private view or menu of a tutorial's learner, with the current step's controls alone enabled
    and, above it, what the guide tells the learner alone."""
    if record.tutorial is None:
        return message
    step = tutorials.current_step(record)
    if step is not None and (aside := private_text(step, lang)):
        message = message._replace(content="\n".join(filter(None, [aside, message.content])))
    return restrict(message, step.allowed() if step else frozenset())


def check_script(record: SessionRecord, user_id: int, token: str, lang: Language) -> None:
    """Refuse the learner's click or typed answer unless it is what the guide asks for now, with the
    guide's current instruction. Others' clicks are left to the table's own checks."""
    if record.tutorial is None or record.status != "active" or record.seat_of(user_id) != tutorials.LEARNER:
        return
    step = tutorials.current_step(record)
    if step is not None and token in step.allowed():
        return
    instruction = step_text(step, lang) if step else t(lang, "tutorial.guide.free")
    if step is not None and (aside := private_text(step, lang)):
        instruction += "\n" + aside  # the refusal is the learner's alone
    raise OffScript("tutorial.off_script", instruction=instruction)


class OffScript(UserError):
    """A tutorial's learner did something else than the guide asks for now."""

    key = "tutorial.off_script"


def learn_button(game: str, lang: Language, lesson: Lesson | None = None, row: int | None = None) -> TutorialButton:
    """🎓 Learn to play (a game: its first lesson, or the choice), or one lesson by its title."""
    label = t(lang, lesson.title) if lesson else t(lang, "tutorial.button.learn")
    return TutorialButton(
        "learn",
        game,
        lesson.name if lesson else None,
        label=label[:80],
        emoji="🎓",
        style=discord.ButtonStyle.success,
        row=row,
    )


def learn_view(game: str, lang: Language) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(learn_button(game, lang))
    return view


def closing(record: SessionRecord, lang: Language) -> tuple[discord.Embed, discord.ui.View] | None:
    """The guide's last words once the tutorial's game is over, with the lesson to take next and
    the same one again; None for a real game."""
    lesson = tutorials.lesson_of(record)
    if lesson is None or record.status != "finished":
        return None
    embed = discord.Embed(
        title=t(lang, "tutorial.closing.title", lesson=t(lang, lesson.title)),
        description=t(lang, lesson.closing),
        colour=COLOUR,
    )
    view = discord.ui.View(timeout=None)
    following = tutorials.lesson(lesson.game, lesson.next) if lesson.next else None
    if following is not None:
        view.add_item(learn_button(lesson.game, lang, following))
    again = learn_button(lesson.game, lang, lesson)
    again.item.label = t(lang, "tutorial.button.again")
    again.item.style = discord.ButtonStyle.secondary
    view.add_item(again)
    return embed, view
