"""The one place that answers an interaction.

Discord takes one response per interaction, then follow-ups; a slash command's
deferral fixes the visibility of its first follow-up. So who may see a reply is
decided here, once, and no other code calls ``interaction.response``:

- ``send`` is private, always: secrets, refusals, confirmations;
- ``wait`` acknowledges before slow work (a busy table, a thread, a picture)
  without showing anything to anyone else: a command's deferral is ephemeral,
  a click's only acknowledges it (or shows its user, privately, that an answer
  is coming);
- ``edit`` changes the message clicked (a board, a lobby, a private view), or
  what a command answered;
- ``announce`` is the only public answer: a new lobby, as the first response.
"""

from typing import Any, NamedTuple

import discord

from bot.i18n import Language, t
from games.core.errors import Refusal


class Sent(NamedTuple):
    """A private message a reply showed, to edit later through its interaction while Discord keeps
    that interaction's token (15 minutes): ephemeral messages have no other way to be edited."""

    interaction: discord.Interaction
    message_id: int
    original: bool  # the interaction's own response (a click's: the message clicked), else a follow-up

    async def edit(self, **fields: Any) -> None:
        if self.original:
            await self.interaction.edit_original_response(**fields)
        else:
            await self.interaction.followup.edit_message(self.message_id, **fields)


class Reply:
    def __init__(self, interaction: discord.Interaction, lang: Language) -> None:
        self.interaction = interaction
        self.lang = lang  # the user's own language: private texts are theirs
        self.said = False  # a message was sent to the user (a command's answer is owed until then)

    @property
    def is_command(self) -> bool:
        return self.interaction.type is discord.InteractionType.application_command

    @property
    def clicked(self) -> discord.Message | None:
        """The message whose button, menu or text box this is (None for a command)."""
        return None if self.is_command else self.interaction.message

    @property
    def from_private_message(self) -> bool:
        """The click came from a message only this user sees (ephemeral, or a DM)."""
        message = self.clicked
        return message is not None and (message.flags.ephemeral or self.interaction.guild_id is None)

    @property
    def done(self) -> bool:
        return self.interaction.response.is_done()

    async def wait(self, thinking: bool = False) -> None:
        """``thinking``: a click that a new private message will answer shows its user that it is
        on its way (a command always does)."""
        if self.done:
            return
        if self.is_command or thinking:
            await self.interaction.response.defer(ephemeral=True, thinking=True)
        else:
            await self.interaction.response.defer()

    async def send(self, content: str | None = None, **fields: Any) -> None:
        """A message only this user sees."""
        await self.show(content, **fields)

    async def show(self, content: str | None = None, **fields: Any) -> Sent | None:
        """``send``, and the message sent, to edit it later (None: Discord did not say which it is)."""
        self.said = True
        if self.done:
            message = await self.interaction.followup.send(  # type: ignore[call-overload]
                content,  # discord.py annotates str, yet takes None for no text
                ephemeral=True,
                wait=True,
                **fields,
            )
            return Sent(self.interaction, message.id, original=False)
        answer = await self.interaction.response.send_message(content, ephemeral=True, **fields)
        return Sent(self.interaction, answer.message_id, original=True) if answer.message_id else None

    @property
    def shown_here(self) -> Sent | None:
        """The message clicked, as this click may edit it (``edit``) now and for 15 minutes."""
        message = self.clicked
        return Sent(self.interaction, message.id, original=True) if message is not None else None

    async def say(self, key: str, **params: Any) -> None:
        await self.send(t(self.lang, key, **params))

    async def refuse(self, error: Refusal) -> None:
        await self.send("⛔ " + t(self.lang, error.key, **error.params))

    async def edit(self, **fields: Any) -> None:
        if self.done:
            await self.interaction.edit_original_response(**fields)
        else:
            await self.interaction.response.edit_message(**fields)

    async def announce(self, **fields: Any) -> discord.Message:
        """A new public message as the first response (a lobby everyone may join)."""
        await self.interaction.response.send_message(**fields)
        self.said = True
        return await self.interaction.original_response()

    async def modal(self, modal: discord.ui.Modal) -> None:
        await self.interaction.response.send_modal(modal)

    async def finish(self) -> None:
        """Close the request: a click is acknowledged; a command that said nothing says it is done."""
        if self.is_command and not self.said:
            await self.say("common.done")
        elif not self.done:
            await self.interaction.response.defer()
