"""Start-up check of the agent tools against the walls (docs/decisions/ethical-walls.md):

``legalsite.E101``: a registered tool takes the id of client work (a parameter ``<model>_id`` naming a
model declared with ``firm.walls.client_work``) but does not declare ``acts_on``, so a call made
outside a piece of work (MCP) could not be filed under that work's matter.
"""

from __future__ import annotations

from typing import Any

from django.core.checks import Error, register

#: Parameter stems that name client work under a short name.
ALIASES = {"session": "chat.chatsession", "task": "research.researchtask", "document": "knowledge.casedocument",
           "issue": "contracts.reviewissue"}


@register()
def tools_act_on_check(app_configs: Any = None, **kwargs: Any) -> list[Error]:
    from agents.tools import registry
    from firm.walls import declared

    names = {d.model._meta.model_name: d.label for d in declared()} | ALIASES
    errors = []
    for tool in (registry.get(name) for name in registry.names()):
        for field in tool.parameters.model_fields:
            stem = field.removesuffix("_id")
            if field.endswith("_id") and stem in names and tool.acts_on is None:
                errors.append(Error(f"tool {tool.name} takes {field} ({names[stem]}) without acts_on",
                                    hint=f'@tool(acts_on=("{names[stem]}", "{field}"))', id="legalsite.E101"))
    return errors
