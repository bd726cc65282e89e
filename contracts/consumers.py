"""``/ws/contracts/<contract_id>/``: watch a contract's reviews live.

Browsers authenticate with the session cookie, API clients with ``Authorization: Token``; only
who may see the contract (its owner, its matter's team; ``contracts.selectors.contracts``) may
connect, and access is checked again while the socket is open (``core.consumers``): on every
message and when the contract, its matter's team or the user changes. A socket that lost access is
closed with 4403 and receives nothing more.

Events: ``contract_status`` {status, error, sections} while the upload is read and split (sent on
connect too while it is ``uploaded``, ``splitting`` or ``failed``), ``progress`` {done, total, section,
status}, ``issue`` {action, issue}, and the review
agent's events (ARCHITECTURE §5: status, tool_call, tool_result, token, final, error), and the page's
live state (``contracts.services.live``): ``message`` (each stored chat message), ``cursor`` (the
chat's current section) and ``counts`` (every issue counter, recounted from the database). On
connect the state of an auto-review in flight is sent as a ``progress`` event, so a page opened or
reconnected mid-review shows where it is. A page that sends ``{"type": "sync"}`` (on every open)
gets ``counts`` and ``cursor`` as they are now.

A review run's events carry ``seq`` (their number in the run's log, ``contracts.constants.review_log``).
A page that reconnects says which run it followed and the last seq it saw (``?run=<id>&after=<seq>``):
the events it missed are replayed from the run's log (also when the run ended while the page was
away), then the run's state, then live events, those already replayed skipped.
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async

from contracts.constants import SPLIT_STATES, contract_group
from contracts.models import Contract
from contracts.selectors.contracts import contract_get, contract_status, run_in_flight
from contracts.services import live
from contracts.services.contracts import status_event
from contracts.services.review import progress_event, run_stream
from core.consumers import CLOSE_FORBIDDEN, AccessCheckedConsumer
from core.realtime import forwarded_events, matter_access_group

__all__ = ["CLOSE_FORBIDDEN", "ContractConsumer"]


class ContractConsumer(AccessCheckedConsumer):
    def authorise(self, user: Any) -> bool:
        contract_id = int(self.scope["url_route"]["kwargs"]["contract_id"])
        try:
            self.contract = contract_get(user=user, contract_id=contract_id)
        except Contract.DoesNotExist:
            return False
        return True

    def access_groups(self) -> list[str]:
        groups = [contract_group(self.contract.pk)]
        if self.contract.matter_id is not None:
            groups.append(matter_access_group(self.contract.matter_id))
        return groups

    def _followed(self) -> tuple[int | None, int]:
        """The run (and its last seq) the page followed before it reconnected (``?run=<id>&after=<seq>``,
        the base's :meth:`cursor`)."""
        run, after = self.cursor("run")
        if run is None or not run.isdigit():
            return None, 0
        return int(run), after or 0

    def _state(self) -> list[dict[str, Any]]:
        contract = contract_status(contract_id=self.contract.pk)
        if contract is not None and contract.status in SPLIT_STATES:
            return [status_event(contract)]
        followed, after = self._followed()
        run = run_in_flight(contract=self.contract)
        if run is None and followed is not None:
            run = self.contract.review_runs.filter(pk=followed).first()
        if run is None:
            return []
        # a page that followed this run gets what it missed; a page opened now reads the database
        replayed = run_stream(run).replay(after) if run.pk == followed else []
        if replayed:
            self.last_seq[run.pk] = replayed[-1]["seq"]
        # what the page missed, then where the run is now
        return [*replayed,
                {**progress_event(run, run.current_section), "contract_id": self.contract.pk, "run_id": run.pk}]

    def _live_state(self) -> list[dict[str, Any]]:
        return [live.counts_event(contract_id=self.contract.pk) | {"sync": True},
                live.cursor_event(contract_id=self.contract.pk) | {"sync": True}]

    async def connected(self) -> None:
        self.__dict__.setdefault("last_seq", {})
        for state in await database_sync_to_async(self._state)():
            await self.send_json(state)

    async def on_message(self, content: Any, prepared: Any = None) -> None:
        """``{"type": "sync"}``: the page (re)connected and asks for what it may have missed — the
        counters and the chat's current section, read from the database now."""
        if isinstance(content, dict) and content.get("type") == "sync":
            for state in await database_sync_to_async(self._live_state)():
                await self.send_json(state)
            return
        await super().on_message(content, prepared)

    async def event_forward(self, message: dict) -> None:
        """One event or a burst (``events``); a run's event already replayed (its seq) is skipped."""
        for event in forwarded_events(message):
            if self.revoked:
                return
            if event.get("run_id") is None or self.seq_fresh(event, event["run_id"]):
                await self.send_json(event)
