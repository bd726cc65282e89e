from django.conf import settings
from django.http import HttpRequest

from firm.roles import Role, user_role
from legalsite.navigation import navigation


def portal(request: HttpRequest) -> dict[str, object]:
    role = user_role(request.user) if hasattr(request, "user") else None
    return {
        "nav_items": navigation(request.path, client_work=role != Role.COMPLIANCE,
                                admin=role == Role.ADMIN, audit=role in (Role.ADMIN, Role.COMPLIANCE)),
        "offline_mode": not settings.LLM_BASE_URL,
        "user_role": role,
    }
