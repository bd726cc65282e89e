from django.conf import settings
from django.http import HttpRequest

from firm.roles import user_role
from legalsite.navigation import navigation


def portal(request: HttpRequest) -> dict[str, object]:
    return {
        "nav_items": navigation(request.path),
        "offline_mode": not settings.LLM_BASE_URL,
        "user_role": user_role(request.user) if hasattr(request, "user") else None,
    }
