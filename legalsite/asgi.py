"""ASGI entry point served by daphne: Django for HTTP, Channels for websockets."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "legalsite.settings")
django_asgi_app = get_asgi_application()

# Imported after Django is set up: routing pulls in consumers and models.
from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from firm.ws_auth import AllowedOriginValidator, TokenAuthMiddleware  # noqa: E402
from integrations.mcp_server import MCPHttpApp  # noqa: E402
from legalsite.routing import websocket_urlpatterns  # noqa: E402

mcp_app = MCPHttpApp()


async def http_app(scope, receive, send):
    """``/mcp``: the MCP server (streamable HTTP); everything else: Django."""
    if scope["path"] == "/mcp" or scope["path"].startswith("/mcp/"):
        return await mcp_app(scope, receive, send)
    return await django_asgi_app(scope, receive, send)


application = ProtocolTypeRouter(
    {
        "http": http_app,
        "websocket": AllowedOriginValidator(
            AuthMiddlewareStack(TokenAuthMiddleware(URLRouter(websocket_urlpatterns)))
        ),
    }
)
