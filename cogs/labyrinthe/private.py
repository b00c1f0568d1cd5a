"""Le labyrinthe secret's private view (ephemeral): the player's own box, and during a
duel the secret choice of sign, then the sign chosen."""

import discord

from bot.i18n import Language, t
from bot.sessions import ANY_VERSION
from bot.storage import SessionRecord
from bot.ui.components import GameButton
from bot.ui.game_ui import BoardMessage, seat_name
from bot.ui.hints import add_hint
from cogs.labyrinthe.names import COLOUR, GAME, SIGN_EMOJI, treasure_name
from games.labyrinthe import ENGINE
from games.labyrinthe.engine import TREASURES_TO_WIN
from games.labyrinthe.models import SIGNS, Choose, LabyrintheState


class PrivateView:
    """``private`` for the Labyrinthe UI."""

    def private(self, record: SessionRecord, state: LabyrintheState, seat: int, lang: Language) -> BoardMessage:
        view = ENGINE.view(state, seat)
        box = view.box or []
        lines = [treasure_name(n, lang) for n in box] or [t(lang, "labyrinthe.private.empty")]
        embed = discord.Embed(
            title=t(lang, "labyrinthe.private.title", count=len(box), goal=TREASURES_TO_WIN),
            description="\n".join(lines),
            colour=COLOUR,
        )
        controls = discord.ui.View(timeout=None)
        duel = view.duel
        if duel is not None and view.phase == "choose" and seat in (duel.challenger, duel.defender):
            other = duel.defender if seat == duel.challenger else duel.challenger
            if duel.my_choice is None:
                text = t(lang, "labyrinthe.private.choose", player=seat_name(record, other, lang), round=duel.round)
                for sign in SIGNS:  # the round is in the token: another's choice leaves these valid
                    token = Choose(sign=sign, round=duel.round).token()
                    controls.add_item(
                        GameButton(
                            GAME,
                            record.id,
                            ANY_VERSION,
                            token,
                            label=t(lang, f"labyrinthe.sign.{sign}"),
                            emoji=SIGN_EMOJI[sign],
                            style=discord.ButtonStyle.primary,
                        )
                    )
            else:
                chosen = f"{SIGN_EMOJI[duel.my_choice]} {t(lang, f'labyrinthe.sign.{duel.my_choice}')}"
                text = t(lang, "labyrinthe.private.chosen", sign=chosen, player=seat_name(record, other, lang))
            embed.add_field(name=t(lang, "labyrinthe.private.duel"), value=text, inline=False)
        add_hint(controls, record, lang)
        return BoardMessage(embed=embed, view=controls)
