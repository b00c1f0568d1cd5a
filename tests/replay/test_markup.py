"""Discord's markup in the replay page: shown as Discord shows it, never printed raw, and every
word escaped (a player's name or answer is never HTML)."""

import discord

from bot.replay_page import markup

NAMES = {7: "Ann"}


def test_a_quote_to_the_end_as_fort_boyards_riddles_ask() -> None:
    riddle = "Father Fouras asks:\n>>> My brother won a **gold** medal…\nWho am I?"
    assert markup.text(riddle, NAMES) == (
        "Father Fouras asks:<blockquote>My brother won a <b>gold</b> medal…<br>Who am I?</blockquote>"
    )


def test_a_quoted_line_quotes_itself_and_the_quoted_lines_after_it() -> None:
    assert markup.text("> one\n> two\nthree\n> four", NAMES) == (
        "<blockquote>one<br>two</blockquote>three<blockquote>four</blockquote>"
    )
    assert markup.text(">>> a\n> b", NAMES) == "<blockquote>a<br>&gt; b</blockquote>"  # a quote holds no quote
    assert markup.text("a > b\n>no space", NAMES) == "a &gt; b<br>&gt;no space"  # not quotes


def test_inline_markup_nests_as_in_discord() -> None:
    shown = markup.text("**bold *italic* bold** __under__ ~~gone~~ _also italic_ ***both***", NAMES)
    assert shown == (
        "<b>bold <em>italic</em> bold</b> <u>under</u> <s>gone</s> <em>also italic</em> <b><em>both</em></b>"
    )
    assert markup.text("`**code** <@7>` and <@7>", NAMES) == "<code>**code** &lt;@7&gt;</code> and Ann"
    assert markup.text(r"\*not italic\* 3 * 4 * 5 snake_case_name", NAMES) == r"*not italic* 3 * 4 * 5 snake_case_name"


def test_headings_and_blank_lines() -> None:
    assert markup.text("Memorise:\n# 🔺 🔷\n\nnext", NAMES) == 'Memorise:<div class="h1">🔺 🔷</div><br>next'
    assert markup.text("## two\n### three\n#### four", NAMES) == (
        '<div class="h2">two</div><div class="h3">three</div>#### four'
    )


def test_a_spoiler_is_hidden_until_clicked() -> None:
    assert markup.text("the word is ||**castle**||", NAMES) == (
        'the word is <span class="spoiler" role="button" tabindex="0" aria-expanded="false"><b>castle</b></span>'
    )


def test_names_and_answers_are_never_html() -> None:
    names = {1: '<img src=x onerror="alert(1)">', 2: "Tom & <b>Jerry</b>"}
    shown = markup.text("<@1> answered **<script>alert(2)</script>**; <@2> said ||&amp; <i>||", names)
    assert "<img" not in shown and "<script" not in shown and "<i>" not in shown and "<b>Jerry" not in shown
    assert shown.startswith("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; answered <b>&lt;script&gt;")
    assert "Tom &amp; &lt;b&gt;Jerry&lt;/b&gt;" in shown and "&amp;amp; &lt;i&gt;" in shown


def test_a_text_alternative_is_words_only() -> None:
    said = markup.words("**Round 1**: <@7> asks:\n>>> Who *am* I?\n# 🔺", NAMES)
    assert said == "Round 1: Ann asks:\nWho am I?\n🔺"
    assert markup.words("Tom & <b>Jerry</b>", NAMES) == "Tom & <b>Jerry</b>"  # plain text: the page sets it as is


def test_embeds_render_markup_and_buttons_show_their_labels_as_they_are() -> None:
    shown = discord.Embed(title="**Trial** <@7>", description="Asks:\n>>> Why?")
    shown.add_field(name="Players", value="> Ann\n> Ben").set_footer(text="*calm*")
    assert markup.embed(shown, NAMES) == [
        "<h2><b>Trial</b> Ann</h2>",
        '<div class="lead">Asks:<blockquote>Why?</blockquote></div>',
        "<h3>Players</h3><div><blockquote>Ann<br>Ben</blockquote></div>",
        '<p class="note"><em>calm</em></p>',
    ]
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="**End** <turn>", style=discord.ButtonStyle.danger))
    assert markup.buttons(view) == ['<div class="keys"><span class="key danger">**End** &lt;turn&gt;</span></div>']
