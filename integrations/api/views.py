"""``GET /api/v1/agents``: every registered agent and the health of what it needs (admins: the detail;
everyone else: names and health only)."""

from __future__ import annotations

from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema
from rest_framework.permissions import BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from firm.roles import is_admin, user_role
from integrations import selectors
from integrations.api.serializers import AgentStatusBriefOutput, AgentStatusOutput


class HasRole(BasePermission):
    message = "需要律所账号（律师/助理、合规或管理员）"

    def has_permission(self, request: Request, view: object) -> bool:
        return user_role(request.user) is not None


class AgentStatusApi(APIView):
    permission_classes = [IsAuthenticated, HasRole]

    @extend_schema(
        responses=PolymorphicProxySerializer(component_name="AgentStatus", resource_type_field_name=None,
                                             serializers=[AgentStatusOutput, AgentStatusBriefOutput]),
        summary="智能体与系统状态（管理员：完整信息；其他用户：名称与健康状况）")
    def get(self, request: Request) -> Response:
        if is_admin(request.user):
            return Response(AgentStatusOutput(selectors.system_status()).data)
        return Response(AgentStatusBriefOutput(selectors.system_status_brief()).data)
