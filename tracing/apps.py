from django.apps import AppConfig


class TracingConfig(AppConfig):
    name = "tracing"
    verbose_name = "审计追踪"

    def ready(self) -> None:
        # the layers below tracing (firm) record and read audit events through core.audit
        from core.audit import AuditBackend, audit_backend_register
        from tracing.selectors import audit_event_latest
        from tracing.services import audit_event_record

        audit_backend_register(AuditBackend(writer=audit_event_record, latest=audit_event_latest))
