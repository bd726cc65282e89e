"""API: citation verification and the citation graph (ARCHITECTURE §8: POST /knowledge/verify is a contract)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from knowledge import graph
from knowledge.api.serializers import NotFoundOutput
from knowledge.exceptions import ArticleNotFound, InvalidArticleNumber, InvalidQuery, LawNotFound
from knowledge.verification import citations_verify, verification_summary

MAX_LIMIT = 50


def _bad_request(field: str, message: str, **extra: Any) -> Response:
    return Response({field: [message], **extra}, status=status.HTTP_400_BAD_REQUEST)


def _not_found(exc: Exception) -> Response:
    if isinstance(exc, LawNotFound):
        suggestions: dict[str, Any] = {"laws": exc.suggestions, "articles": []}
    elif isinstance(exc, ArticleNotFound):
        suggestions = {"laws": [exc.law], "articles": exc.suggestions}
    else:
        suggestions = {"laws": [], "articles": []}
    return Response({"detail": str(exc), "suggestions": suggestions}, status=status.HTTP_404_NOT_FOUND)


# -- verification -------------------------------------------------------------------------------------


class VerifyInput(serializers.Serializer):
    text = serializers.CharField(allow_blank=True, trim_whitespace=False,
                                 help_text="要核验的文本（意见书、答复、判决摘录……），最多 30,000 字")
    default_law = serializers.CharField(required=False, allow_blank=True, default="",
                                        help_text="可选：文中“本法”及无法名的“第N条”所指的法律")


class VerifiedCitationOutput(serializers.Serializer):
    law = serializers.CharField(allow_null=True, help_text="解析出的法律全称；未知法律为 null")
    article = serializers.CharField(help_text="条号，如 第一百三十三条之一")
    valid = serializers.BooleanField()
    reason = serializers.CharField(help_text="中文说明")
    status = serializers.CharField(allow_null=True, help_text="按各版本日期计算的今日时效：现行有效/已被修改/已废止/"
                                                              "历史版本/已被修订/已公布，尚未施行")
    status_note = serializers.CharField(allow_blank=True, required=False,
                                        help_text="不在施行的文本的标注：（2027年1月1日起施行）/（已废止）")
    flagged = serializers.BooleanField(help_text="需要人工再看（无效，或有效但已被修改/新版本已公布尚未施行）")
    code = serializers.CharField(help_text="ok, amended, not_yet_effective, superseded_pending, law_unknown, "
                                           "law_unresolved, article_missing, historical_only, paragraph_missing, "
                                           "item_missing, repealed, historical")
    cited = serializers.CharField(help_text="规范写法：《法名》第N条第M款")
    text = serializers.CharField(help_text="原文中的引用")
    span = serializers.ListField(child=serializers.IntegerField(), help_text="[起, 止) 字符位置")
    law_text = serializers.CharField(allow_null=True)
    article_no = serializers.IntegerField()
    suffix = serializers.IntegerField()
    paragraph = serializers.IntegerField(allow_null=True)
    item = serializers.IntegerField(allow_null=True)
    via = serializers.CharField(help_text="explicit：写明法名；context：本法/上下文")
    law_id = serializers.IntegerField(allow_null=True)
    law_version = serializers.CharField(allow_blank=True)
    is_current_version = serializers.BooleanField(allow_null=True)
    article_id = serializers.IntegerField(allow_null=True)
    article_label = serializers.CharField(allow_blank=True)
    excerpt = serializers.CharField(allow_blank=True)
    paragraphs = serializers.IntegerField(allow_null=True, help_text="该条的款数")
    url = serializers.CharField(allow_blank=True)
    suggestions = serializers.ListField(child=serializers.CharField())


class VerifySummaryOutput(serializers.Serializer):
    total = serializers.IntegerField()
    valid = serializers.IntegerField()
    invalid = serializers.IntegerField()
    flagged = serializers.IntegerField(help_text="有效但需注意的引用数")


class VerifyOutput(serializers.Serializer):
    citations = VerifiedCitationOutput(many=True)
    summary = VerifySummaryOutput()


class KnowledgeVerifyApi(APIView):
    @extend_schema(
        summary="引用核验：找出文本中的每一处法条引用并逐条核验",
        request=VerifyInput,
        responses={200: VerifyOutput, 400: OpenApiTypes.OBJECT},
        examples=[OpenApiExample("请求", request_only=True,
                                 value={"text": "依据《劳动合同法》第四十七条第一款及第九十九条……"})],
    )
    def post(self, request: Request) -> Response:
        payload = VerifyInput(data=request.data)
        payload.is_valid(raise_exception=True)
        data = payload.validated_data
        try:
            results = citations_verify(text=data["text"], default_law=data["default_law"] or None)
        except InvalidQuery as exc:
            return _bad_request("text", str(exc))
        except LawNotFound as exc:
            return _bad_request("default_law", str(exc), suggestions=exc.suggestions)
        return Response({"citations": [r.as_dict() for r in results], "summary": verification_summary(results)})


# -- graph --------------------------------------------------------------------------------------------


def _graph_errors(call: Any) -> Response:
    try:
        return Response(call())
    except (InvalidQuery, InvalidArticleNumber) as exc:
        return _bad_request("node", str(exc))
    except (LawNotFound, ArticleNotFound, graph.GraphNodeNotFound) as exc:
        return _not_found(exc)


class KnowledgeGraphApi(APIView):
    class InputSerializer(serializers.Serializer):
        node = serializers.CharField(help_text="法律（民法典）或法条（民法典 第1165条、《劳动合同法》第四十七条），"
                                               "或节点 id（law:12、article:345）")
        limit = serializers.IntegerField(required=False, default=10, min_value=1, max_value=MAX_LIMIT,
                                         help_text="每个列表最多返回几项")

    @extend_schema(
        summary="引用图：节点的引用、被引用、包含关系，以及两跳内的相关节点（排序）",
        parameters=[InputSerializer],
        responses={200: OpenApiTypes.OBJECT, 400: OpenApiTypes.OBJECT, 404: NotFoundOutput},
        description="响应：{\"node\", \"neighbours\": {\"cites\", \"cited_by\", \"mentions\", \"contains\", "
                    "\"contained_in\", \"totals\"}, \"related\": [{…, \"score\", \"hops\", \"via\"}]}",
    )
    def get(self, request: Request) -> Response:
        payload = self.InputSerializer(data=request.query_params)
        payload.is_valid(raise_exception=True)
        node, limit = payload.validated_data["node"], payload.validated_data["limit"]

        def answer() -> dict[str, Any]:
            neighbours = graph.graph_neighbours(node=node, limit=limit)
            centre = neighbours.pop("node")
            return {"node": centre, "neighbours": neighbours,
                    "related": graph.graph_related(node=centre["id"], limit=limit)}

        return _graph_errors(answer)


class KnowledgeGraphPathApi(APIView):
    class InputSerializer(serializers.Serializer):
        source = serializers.CharField(help_text="起点：法律或法条")
        target = serializers.CharField(help_text="终点：法律或法条")

    @extend_schema(
        summary="引用图：两部法律或两条法条之间的最短路径（经由包含与引用关系）",
        parameters=[
            OpenApiParameter("from", str, OpenApiParameter.QUERY, required=True, description="起点：法律或法条"),
            OpenApiParameter("to", str, OpenApiParameter.QUERY, required=True, description="终点：法律或法条"),
        ],
        responses={200: OpenApiTypes.OBJECT, 400: OpenApiTypes.OBJECT, 404: NotFoundOutput},
        description="响应：{\"found\", \"length\", \"from\", \"to\", \"path\": [节点…], \"steps\": [{\"from\", \"to\", "
                    "\"kind\": contains|cites|mentions, \"direction\": forward|backward}]}",
    )
    def get(self, request: Request) -> Response:
        params = request.query_params
        payload = self.InputSerializer(data={"source": params.get("from", ""), "target": params.get("to", "")})
        if not payload.is_valid():
            errors = payload.errors
            return Response({("from" if k == "source" else "to"): v for k, v in errors.items()},
                            status=status.HTTP_400_BAD_REQUEST)
        data = payload.validated_data
        return _graph_errors(lambda: graph.graph_path(source=data["source"], target=data["target"]))
