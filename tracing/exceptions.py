"""Errors of the audit trail."""


class AuditError(Exception):
    """Base of the tracing app's errors."""


class TraceAlreadySealed(AuditError):
    """A trace is sealed once; a second seal would fork the chain."""
