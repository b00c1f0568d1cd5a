"""Playing: clicks on boards and private views, typed answers, private menus and views."""

from collections.abc import Callable

import discord

from bot.errors import StaleBoard, UserError
from bot.i18n import t
from bot.sessions import ANY_VERSION
from bot.storage import SessionRecord
from bot.ui.components import ASK, MORE, TYPE, GameButton, TextBox, in_menu
from bot.ui.guide import OffScript, check_script
from bot.ui.publishing import Publishing
from bot.ui.replies import Reply
from bot.ui.table_core import jump_url
from games.core.errors import AlreadyChosen, NotYourTurn, Refusal


class Play(Publishing):
    async def play(self, interaction: discord.Interaction, session_id: int, version: int, token: str) -> None:
        """A click on the board, or on the controls of a player's private view (ephemeral, or
        sent by DM)."""
        reply = self.reply_to(interaction)
        if token.startswith(ASK):
            return await self._ask(reply, session_id, version, token.removeprefix(ASK))
        if token.startswith(MORE):
            return await self._more(reply, session_id, version, token.removeprefix(MORE))
        if token.startswith(TYPE):
            return await self._type(reply, session_id, version, token.removeprefix(TYPE))
        await self._act(reply, session_id, version, lambda record: token)

    async def typed(
        self, interaction: discord.Interaction, session_id: int, version: int, name: str, text: str
    ) -> None:
        """A text box submitted: the game turns the text into its action, then it is played
        like a click."""

        def token(record: SessionRecord) -> str:
            seat = self.service.check_playing(record, interaction.user.id)
            if not text.strip():
                raise UserError("error.blank_answer")
            found = self.uis[record.game].typed_token(record, self.service.state(record), seat, name, text)
            if found is None:
                raise UserError("error.stale_answer")
            return found

        await self._act(self.reply_to(interaction), session_id, version, token)

    async def _act(self, reply: Reply, session_id: int, version: int, token_of: Callable[[SessionRecord], str]) -> None:
        private = reply.from_private_message
        user_id = reply.interaction.user.id
        async with self.handling(reply, session_id):
            try:
                record = await self.service.get(session_id)
                token = token_of(record)
                check_script(record, user_id, token, reply.lang)  # a tutorial: only the guide's move
                record = await self.service.act(session_id, user_id, version, token, record)
            except StaleBoard as error:
                record = await self.service.get(session_id)
                error.params["link"] = jump_url(record)
                if private:
                    await self._edit_private(reply, record)
                    return await reply.refuse(UserError("error.stale_private"))
                await reply.refuse(error)
                if self.board_behind(record):  # an edit was missed: once per version, however many clicks
                    await self.publish(record)
                return
            except OffScript as error:  # the guide's instruction, and its board if one was left behind
                await reply.refuse(error)
                if self.board_behind(record):
                    await self.publish(record)
                return
            if private:
                await self._edit_private(reply, record, answered=in_menu(reply.interaction))
            await self.after_change(record, None if private else reply)

    async def _ask(self, reply: Reply, session_id: int, version: int, token: str) -> None:
        """A private "are you sure?" with one button that plays ``token`` on the same version."""
        async with self.handling(reply, session_id):
            record = await self.service.get(session_id)
            if record.seat_of(reply.interaction.user.id) is None:
                raise UserError("error.not_in_game")
            check_script(record, reply.interaction.user.id, ASK + token, reply.lang)
            view = discord.ui.View(timeout=None)
            label = t(reply.lang, "common.confirm")
            view.add_item(
                GameButton(record.game, session_id, version, token, label=label, style=discord.ButtonStyle.danger)
            )
            question = self.uis[record.game].confirm_text(record, self.service.state(record), token, reply.lang)
            await reply.send("❓ " + question, view=view)

    async def _type(self, reply: Reply, session_id: int, version: int, name: str) -> None:
        """Opens the game's text box ``name``: it must be the first answer to the click, so
        nothing here waits on the session's lock (the submission is checked under it)."""
        try:
            record = await self.service.get(session_id)
            seat = self.service.check_playing(record, reply.interaction.user.id)
            check_script(record, reply.interaction.user.id, TYPE + name, reply.lang)
            if not self.service.is_current(record, version):
                raise StaleBoard(link=jump_url(record))
            state = self.service.state(record)
            prompt = self.uis[record.game].prompt(record, state, seat, name, reply.lang)
            if prompt is None:
                raise AlreadyChosen() if self.service.engine(record).has_chosen(state, seat) else NotYourTurn()
            # any version: the box's name says what it answers (two duellists type at once)
            await reply.modal(TextBox(record.game, session_id, ANY_VERSION, name, prompt))
        except Refusal as error:
            await reply.refuse(error)

    async def _more(self, reply: Reply, session_id: int, version: int, name: str) -> None:
        """A private follow-up menu of the board (too many choices for one message), for the
        player whose turn it is; its controls carry the board's version."""
        async with self.handling(reply, session_id):
            record = await self.service.get(session_id)
            self.service.check_playing(record, reply.interaction.user.id)
            check_script(record, reply.interaction.user.id, MORE + name, reply.lang)
            if version == ANY_VERSION or not self.service.is_current(record, version):
                raise StaleBoard(link=jump_url(record))
            menu = self.menu_message(record, reply.interaction.user.id, name, reply.lang)
            if menu is None:
                raise UserError("error.not_your_turn")
            sent = await reply.show(**menu.fields(sending=True))
            self.follow(record, sent, reply.interaction.user.id, reply.lang, menu, name)

    # -- private views ----------------------------------------------------------
    async def show_private(self, interaction: discord.Interaction, session_id: int) -> None:
        """The player's private view with its controls, privately, kept up to date (``PrivateViews``)."""
        reply = self.reply_to(interaction)
        async with self.handling(reply, session_id):
            record = await self.service.get(session_id)
            view = self.private_message(record, interaction.user.id, reply.lang)
            sent = await reply.show(**view.fields(sending=True))
            self.follow(record, sent, interaction.user.id, reply.lang, view)

    async def show_private_here(self, interaction: discord.Interaction, game: str) -> None:
        """``show_private`` for the game ``find`` picks (a game's "hand" command)."""
        try:
            session_id = (await self.find(interaction, game)).id
        except Refusal as error:
            return await self.reply_to(interaction).refuse(error)
        await self.show_private(interaction, session_id)

    async def _edit_private(self, reply: Reply, record: SessionRecord, answered: bool = False) -> None:
        """Show the player's view in place of the private message clicked (a confirmation, too);
        a choice ``answered`` in a private menu, the game's confirmation of it instead."""
        user_id, here = reply.interaction.user.id, reply.shown_here
        seat = record.seat_of(user_id)
        ui = self.uis[record.game]
        if (
            answered
            and seat is not None
            and (said := ui.confirmation(record, self.service.state(record), seat, reply.lang))
        ):
            if here is not None:
                self.unfollow(record, here.message_id)
            return await reply.edit(content=said.content, embed=said.embed, view=said.view)
        try:
            view = self.private_message(record, user_id, reply.lang)
        except UserError:  # a game without private views: the confirmation only closes
            return await reply.edit(content=t(reply.lang, "common.done"), view=None, embed=None)
        await reply.edit(**view.fields())
        if reply.clicked is not None and reply.clicked.flags.ephemeral:  # a DM's is not followed
            self.follow(record, here, user_id, reply.lang, view)
