import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models
from django.db.models import OuterRef, Subquery

DISCLAIMER = "本回答由系统依据现行法律法规自动生成，仅供参考，不构成正式法律意见；具体案件请咨询执业律师。"
SUPERSEDED = "抱歉，同一会话中另一个问题同时在回答，本回答未能完成。您的问题已保存，请重新提问。"


def backfill_authors(apps, schema_editor):
    """Questions asked before the asker was stored were the session owner's as far as anyone knows."""
    ChatSession = apps.get_model("chat", "ChatSession")
    Message = apps.get_model("chat", "Message")
    owner = ChatSession.objects.filter(pk=OuterRef("session_id")).values("owner_id")[:1]
    Message.objects.filter(role="user", author__isnull=True).update(author_id=Subquery(owner))


def settle_concurrent_turns(apps, schema_editor):
    """Before one answer at a time per session is enforced: of several answers in flight in one
    session (asked concurrently), the newest goes on and the others fail with a message saying why."""
    Message = apps.get_model("chat", "Message")
    in_flight = Message.objects.filter(role="assistant", status__in=["pending", "running"])
    newest = in_flight.order_by("session_id", "-created_at", "-pk").distinct("session_id").values("pk")
    in_flight.exclude(pk__in=newest).update(status="error", content=SUPERSEDED, disclaimer=DISCLAIMER)


class Migration(migrations.Migration):

    dependencies = [
        ("chat", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="message",
            name="author",
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL,
                                    related_name="chat_messages", to=settings.AUTH_USER_MODEL,
                                    verbose_name="提问人"),
        ),
        migrations.RunPython(backfill_authors, migrations.RunPython.noop),
        migrations.RunPython(settle_concurrent_turns, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="message",
            constraint=models.UniqueConstraint(
                condition=models.Q(("role", "assistant"), ("status__in", ["pending", "running"])),
                fields=("session",), name="one_turn_in_flight_per_session",
            ),
        ),
    ]
