"""API: issue cards (ARCHITECTURE §8): the list, one card, and matching a question to cards."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ObjectDoesNotExist
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.generics import ListAPIView
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from legal import selectors
from legal.cardfile import DOMAINS, article_number
from legal.composer import article_label
from legal.models import IssueCard

MAX_QUESTION = 4000


def _provisions(data: dict[str, Any], *, full: bool = False) -> list[dict[str, Any]]:
    out = []
    for p in data.get("provisions", []):
        number = article_number(p["article"])
        if number is None:
            continue
        item = {"law": p["law"], "article": article_label(number), "valid": selectors.provision_valid(p["law"], number)}
        if full:
            item |= {"article_no": number, "role": p.get("role", "supporting"),
                     "decides": p.get("decides", "")}
        out.append(item)
    return out


def card_summary(row: IssueCard) -> dict[str, Any]:
    data = row.current.data if row.current else {}
    return {"id": row.pk, "slug": row.slug, "title": row.title, "domain": row.domain,
            "version": row.current.number if row.current else None, "provisions": _provisions(data)}


def card_detail(row: IssueCard) -> dict[str, Any]:
    data = row.current.data if row.current else {}
    answers = data.get("answers", {})
    return card_summary(row) | {
        "summary": data.get("summary", ""), "origin": row.origin, "phrasings": data.get("phrasings", []),
        "terms": data.get("terms", []), "not_terms": data.get("not_terms", []),
        "provisions": _provisions(data, full=True), "elements": data.get("elements", []),
        "question_types": data.get("question_types", []),
        "answers": {q: {"conclusion": a.get("conclusion", ""), **({"cases": a["cases"]} if a.get("cases") else {})}
                    for q, a in answers.items()},
        "calculators": [{"question_type": q, "calculator": a["calculator"], "inputs": a.get("inputs", [])}
                        for q, a in answers.items() if a.get("calculator")],
        "deadlines": [{"question_type": q, "deadline": a["deadline"], "start": a.get("start", "")}
                      for q, a in answers.items() if a.get("deadline")],
        "evidence": data.get("evidence", []), "next_steps": data.get("next_steps", []),
        "exceptions": data.get("exceptions", []), "mistakes": data.get("mistakes", []),
    }


class CardListApi(ListAPIView):
    permission_classes = [IsAuthenticated]

    class OutputSerializer(serializers.Serializer):
        def to_representation(self, instance: IssueCard) -> dict[str, Any]:
            return card_summary(instance)

    serializer_class = OutputSerializer

    def get_queryset(self):
        domain = self.request.query_params.get("domain", "")
        if domain and domain not in DOMAINS:
            raise serializers.ValidationError({"domain": f"未知领域：{domain}"})
        return selectors.card_list(q=self.request.query_params.get("q", "")[:200], domain=domain)

    @extend_schema(parameters=[OpenApiParameter("q", str), OpenApiParameter("domain", str)])
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


class CardDetailApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(summary="一张议题卡片：通俗问法、法条（及其决定的事项）、要件、各问题类型的结论、计算、期限、证据与下一步",
                   responses={200: OpenApiTypes.OBJECT})
    def get(self, request: Request, card_id: int) -> Response:
        try:
            row = selectors.card_get(card_id=card_id)
        except ObjectDoesNotExist:
            return Response({"detail": "没有这张卡片"}, status=status.HTTP_404_NOT_FOUND)
        return Response(card_detail(row))


class CardMatchApi(APIView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        question = serializers.CharField(max_length=MAX_QUESTION)

    @extend_schema(request=InputSerializer, responses={200: OpenApiTypes.OBJECT},
                   summary="把问题拆成各部分并匹配议题卡片（含置信度；低于阈值为未决）")
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        parts, ids = selectors.card_match(question=data.validated_data["question"])
        return Response({"parts": [
            {"text": part.text, "decided": part.decided,
             "cards": [s.to_ref(ids.get(s.card.slug)) for s in part.scores[:3]]}
            for part in parts]})
