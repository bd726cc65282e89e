"""Structured output: JSON matching a pydantic schema, in the JSON mode the provider profile names,
with one repair of an invalid reply."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel, ValidationError

from agents.llm.errors import LLMBadRequest, LLMBadResponse
from agents.llm.results import LLMResult, _strip_code_fence, model_schema
from agents.llm.transport import _MAX_ERROR_TEXT

if TYPE_CHECKING:
    from agents.llm.profiles import ProviderProfile

logger = logging.getLogger("agents.llm")

M = TypeVar("M", bound=BaseModel)


class StructuredOutput:
    """The gateway's :meth:`structured` (a mixin of :class:`~agents.llm.gateway.LLMGateway`)."""

    _json_schema_unsupported: set[str]

    if TYPE_CHECKING:  # provided by LLMGateway, which this mixes into
        def model_for(self, role: str) -> str: ...

        def profile_for(self, model: str) -> ProviderProfile: ...

        async def complete(self, role: str, messages: Sequence[Mapping[str, Any]], *args: Any,
                           **kwargs: Any) -> LLMResult: ...

    async def structured(
        self,
        role: str,
        messages: Sequence[Mapping[str, Any]],
        schema: type[M],
        *,
        temperature: float | None = None,
        max_tokens: int | None = None,
        timeout: float | None = None,
    ) -> M:
        """Ask for JSON matching ``schema`` and return the validated model.

        The profile's JSON mode decides the request: ``json_schema`` (if the endpoint rejects it
        with HTTP 400 the gateway remembers that for the model and falls back), ``json_object``
        with the schema spelled out in the system message, or ``prompt`` (no response_format: the
        schema in the prompt, the JSON read out of the reply). An invalid reply gets one repair
        attempt (the validation error is sent back); if that fails too, :class:`LLMBadResponse`.
        """
        model = self.model_for(role)
        mode = self.profile_for(model).json
        json_schema = model_schema(schema)
        schema_name = re.sub(r"[^A-Za-z0-9_-]", "_", schema.__name__)[:64] or "result"
        options: dict[str, Any] = {"temperature": temperature, "max_tokens": max_tokens, "timeout": timeout}
        conversation = list(messages)
        result: LLMResult | None = None
        response_format: dict[str, Any] | None = {"type": "json_object"} if mode != "prompt" else None
        if mode == "json_schema" and model not in self._json_schema_unsupported:
            schema_format = {
                "type": "json_schema",
                "json_schema": {"name": schema_name, "schema": json_schema},
            }
            try:
                result = await self.complete(role, conversation, response_format=schema_format, **options)
                response_format = schema_format
            except LLMBadRequest as exc:
                if exc.status_code != 400:
                    raise
                logger.info("model %s rejected json_schema (%s); using JSON mode", model, exc.message)
                self._json_schema_unsupported.add(model)
        if result is None:
            conversation = _with_json_instruction(conversation, json_schema)
            try:
                result = await self.complete(role, conversation, response_format=response_format, **options)
            except LLMBadRequest as exc:
                if exc.status_code != 400 or response_format is None:
                    raise
                logger.info("model %s rejected JSON mode (%s); asking in the prompt", model, exc.message)
                response_format = None
                result = await self.complete(role, conversation, **options)
        try:
            return schema.model_validate_json(_json_text(result.content))
        except ValidationError as exc:
            first_error = exc
        repair = [
            *conversation,
            {"role": "assistant", "content": result.content},
            {
                "role": "user",
                "content": (
                    "Your previous reply was not valid JSON for the required schema. Errors: "
                    f"{_validation_summary(first_error)}\n"
                    "Reply again with only the corrected JSON object, no other text."
                ),
            },
        ]
        repaired = await self.complete(role, repair, response_format=response_format, **options)
        try:
            return schema.model_validate_json(_json_text(repaired.content))
        except ValidationError as exc:
            summary = _validation_summary(exc)
            raise LLMBadResponse(
                f"structured reply for {schema.__name__} still invalid after one repair: {summary}",
                role=role,
                model=model,
                attempts=2,
            ) from exc


def _json_text(content: str) -> str:
    """The JSON object in a structured reply: the reply itself, the inside of a code fence, or the
    outermost ``{…}`` of a reply that wrapped it in prose."""
    text = _strip_code_fence(content)
    if text.startswith(("{", "[")):
        return text
    start, end = text.find("{"), text.rfind("}")
    return text[start:end + 1] if 0 <= start < end else text


def _validation_summary(exc: ValidationError) -> str:
    parts = []
    for error in exc.errors(include_url=False)[:10]:
        location = ".".join(str(part) for part in error.get("loc", ())) or "(root)"
        parts.append(f"{location}: {error.get('msg', '')}")
    return "; ".join(parts)[:_MAX_ERROR_TEXT]


def _with_json_instruction(messages: list[Mapping[str, Any]], json_schema: Mapping[str, Any]) -> list[Any]:
    """JSON mode needs the word JSON in the prompt and the schema spelled out: merge it into the
    leading system message (some endpoints only accept one system message, first)."""
    instruction = (
        "Reply with a single JSON object and nothing else. It must conform to this JSON schema:\n"
        + json.dumps(json_schema, ensure_ascii=False)
    )
    if messages and messages[0].get("role") == "system" and isinstance(messages[0].get("content"), str):
        first = {**messages[0], "content": f"{messages[0]['content']}\n\n{instruction}"}
        return [first, *messages[1:]]
    return [{"role": "system", "content": instruction}, *messages]
