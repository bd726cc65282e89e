"""Agent tools of the drafting app: ``search_templates`` (the seed's templateSearch)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from agents.aio import db_sync_to_async
from agents.tools import RunContext, tool
from drafting.selectors import template_current, template_search


class TemplateSearchParams(BaseModel):
    query: str = Field(description="要起草的文书或案情，如：起诉借款不还、劳动合同、律师函",
                       min_length=1, max_length=2000)
    limit: int = Field(5, ge=1, le=20)


def _search(query: str, limit: int, user: Any) -> list[dict[str, Any]]:
    out = []
    for template in template_search(user=user, query=query, limit=limit):
        current = template_current(template=template)
        out.append({"id": template.pk, "slug": template.slug, "name": template.name, "category": template.category,
                    "description": template.description,
                    "fields": [{"name": f["name"], "label": f["label"], "required": f["required"]}
                               for f in (current.fields if current else [])]})
    return out


@tool(description="检索可用的文书模板（起诉状、答辩状、律师函、合同等），返回模板及其需要填写的字段。",
      parameters=TemplateSearchParams, timeout=5)
async def search_templates(params: TemplateSearchParams, ctx: RunContext) -> dict[str, Any]:
    results = await db_sync_to_async(_search)(params.query, params.limit, ctx.user)
    return {"templates": results, "count": len(results)}
