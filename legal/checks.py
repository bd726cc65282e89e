"""``manage.py check`` lists what the engine will ignore in the card files (unknown calculator,
deadline rule, domain …) as warnings; invalid files already stopped start-up."""

from django.core import checks

from legal.cardfile import problems, shipped_cards


@checks.register("legal")
def card_warnings(app_configs, **kwargs):
    return [checks.Warning(line, id="legal.W001") for line in problems(shipped_cards())]
