"""Options as a player reads them: a line that opens with a capital, durations written out."""

from bot.i18n import seconds_text
from cogs.fortboyard.board import FortBoyardUI


def test_fort_boyard_options_line_opens_with_a_capital_in_both_languages() -> None:
    french = FortBoyardUI().describe_options({"clock": 90}, "fr")
    assert french.startswith("Cartes en français · Cartes épreuves : ")
    assert french.endswith("Sablier\xa0: 1 minute et 30\xa0secondes")  # Babel: a no-break space in french
    assert FortBoyardUI().describe_options({"language": "en"}, "en").startswith("English cards · Trial cards: ")


def test_seconds_written_out() -> None:
    assert seconds_text(30, "fr") == "30\xa0secondes"
    assert seconds_text(60, "en") == "1 minute"
    assert seconds_text(1, "en") == "1 second"
