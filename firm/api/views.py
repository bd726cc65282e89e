"""Thin API views: validate, check permission, call a service or selector."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.validation import text_param
from firm import selectors, services
from firm.api.serializers import MatterInput, MatterOutput, MemberInput, MeOutput
from firm.models import Matter
from firm.roles import user_role


class MeApi(APIView):
    @extend_schema(responses=MeOutput, summary="当前用户与角色")
    def get(self, request: Request) -> Response:
        user = request.user
        data = {"username": user.username, "display_name": user.get_full_name() or user.username,
                "role": user_role(user)}
        return Response(MeOutput(data).data)


class MatterListCreateApi(APIView):
    pagination_class = PageNumberPagination

    @extend_schema(responses=MatterOutput(many=True), summary="可见的案件/事项",
                   parameters=[OpenApiParameter("q", OpenApiTypes.STR, description="按编号、标题、委托人检索"),
                               OpenApiParameter("status", OpenApiTypes.STR, enum=Matter.Status.values,
                                                description="案件状态")])
    def get(self, request: Request) -> Response:
        matters = selectors.matter_list(
            user=request.user, search=text_param(request.query_params, "q"),
            status=text_param(request.query_params, "status", choices=Matter.Status.values),
        )
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(matters, request, view=self)
        return paginator.get_paginated_response(MatterOutput(page, many=True).data)

    @extend_schema(request=MatterInput, responses={201: MatterOutput}, summary="创建案件/事项")
    def post(self, request: Request) -> Response:
        payload = MatterInput(data=request.data)
        payload.is_valid(raise_exception=True)
        matter = services.matter_create(actor=request.user, **payload.validated_data)
        return Response(MatterOutput(matter).data, status=status.HTTP_201_CREATED)


class MatterDetailApi(APIView):
    @extend_schema(responses=MatterOutput, summary="案件/事项详情")
    def get(self, request: Request, matter_id: int) -> Response:
        return Response(MatterOutput(selectors.matter_get_or_404(user=request.user, matter_id=matter_id)).data)


class MatterMemberAddApi(APIView):
    @extend_schema(request=MemberInput, responses={201: MatterOutput}, summary="加入团队成员")
    def post(self, request: Request, matter_id: int) -> Response:
        matter = selectors.matter_get_or_404(user=request.user, matter_id=matter_id)
        payload = MemberInput(data=request.data)
        payload.is_valid(raise_exception=True)
        user = get_user_model().objects.filter(username=payload.validated_data["username"]).first()
        if user is None:
            return Response({"username": ["找不到该用户"]}, status=status.HTTP_400_BAD_REQUEST)
        services.matter_member_add(
            actor=request.user, matter=matter, user=user, team_role=payload.validated_data["team_role"]
        )
        # re-read: the team changed since the prefetch
        fresh = selectors.matter_get_or_404(user=request.user, matter_id=matter_id)
        return Response(MatterOutput(fresh).data, status=status.HTTP_201_CREATED)
