from django.apps import AppConfig


class ChatConfig(AppConfig):
    name = "chat"
    verbose_name = "法律咨询"

    def ready(self) -> None:
        from chat.jobs import TURN
        from chat.selectors import session_facts, session_get_or_404
        from core.hooks import hook_register
        from core.jobs import job_kind_register

        job_kind_register(TURN)
        # the summary API queues its task by name (chat.services cannot import chat.tasks, which imports
        # it): register the task in every process, not only in a Celery worker that autodiscovers it
        import chat.tasks  # noqa: F401
        # drafting pre-fills a draft from a chat session without importing chat (docs/decisions/layers.md)
        hook_register("chat.session_get_or_404", session_get_or_404)
        hook_register("chat.session_facts", session_facts)
