"""The compliance admin: read every trace, change nothing.

Compliance officers (group ``compliance``, ``is_staff``) hold only view permissions on these
models; nobody - not even a superuser - may add, change or delete a trace here (the database
would refuse anyway). Administrators may place and release legal holds, which are new rows.
Personal data is masked for viewers without ``tracing.unmask_trace``.

The package, by the seams the module marked (docs/decisions/module-splits.md); importing it (Django's
admin autodiscovery) registers every model admin:

- ``base``: the read-only admin every audit model uses, the masker, the status colours;
- ``filters``: the trace list's filters (status, agent, tool, layer);
- ``exports``: CSV and JSON exports of traces and the reason step before one;
- ``traces``: ``TraceAdmin`` (list, detail, exports, the hash-chain check);
- ``timeline``: a trace's timeline (sections and bars);
- ``holds``: legal holds (place, release) and purge records;
- ``audit``: audit events (list, detail, export).
"""

from tracing.admin.audit import EXPORT_LIMIT, AuditEventAdmin
from tracing.admin.base import STATUS_COLOURS, ReadOnlyAuditAdmin, masker
from tracing.admin.exports import (
    CSV_HEADER,
    RECORD_LABELS,
    ReasonForm,
    content_shower,
    export_csv_text,
    export_json_data,
)
from tracing.admin.filters import AgentFilter, LayerFilter, StatusFilter, ToolFilter
from tracing.admin.holds import LegalHoldAdmin, LegalHoldForm, PurgeRecordAdmin
from tracing.admin.timeline import BAR_COLOURS, SECTIONS, timeline_context
from tracing.admin.traces import TraceAdmin

__all__ = [
    "AgentFilter",
    "AuditEventAdmin",
    "BAR_COLOURS",
    "CSV_HEADER",
    "EXPORT_LIMIT",
    "LayerFilter",
    "LegalHoldAdmin",
    "LegalHoldForm",
    "PurgeRecordAdmin",
    "RECORD_LABELS",
    "ReadOnlyAuditAdmin",
    "ReasonForm",
    "SECTIONS",
    "STATUS_COLOURS",
    "StatusFilter",
    "ToolFilter",
    "TraceAdmin",
    "content_shower",
    "export_csv_text",
    "export_json_data",
    "masker",
    "timeline_context",
]
