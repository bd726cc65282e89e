"""Audit events: one append-only, hash-chained row per change made through a service.

The table gets the same append-only trigger as the other permanent audit tables (never updated,
never deleted, not even by ``purge_traces``), and compliance officers may view it. The trace
kind ``summary`` (会话摘要) is added for session summaries.
"""

import django.db.models.deletion
from django.conf import settings
from django.contrib.auth.management import create_permissions
from django.db import migrations, models

TABLE = "tracing_auditevent"


def grant(apps, schema_editor):
    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name="compliance")
    group.permissions.add(Permission.objects.get(content_type__app_label="tracing", codename="view_auditevent"))


def revoke(apps, schema_editor):
    Permission = apps.get_model("auth", "Permission")
    Group = apps.get_model("auth", "Group")
    group = Group.objects.filter(name="compliance").first()
    if group is not None:
        group.permissions.remove(*Permission.objects.filter(content_type__app_label="tracing",
                                                            codename="view_auditevent"))


class Migration(migrations.Migration):
    dependencies = [
        ("firm", "0002_roles"),
        ("tracing", "0003_compliance_permissions"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterField(
            model_name="trace",
            name="kind",
            field=models.CharField(
                choices=[("chat", "法律咨询"), ("contract_review", "合同审查"), ("research", "研究任务"),
                         ("drafting", "文书起草"), ("summary", "会话摘要")],
                db_index=True, max_length=32, verbose_name="类型",
            ),
        ),
        migrations.CreateModel(
            name="AuditEvent",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("hash", models.CharField(editable=False, max_length=64, verbose_name="哈希")),
                ("chain_index", models.PositiveBigIntegerField(unique=True, verbose_name="序号")),
                ("ts", models.DateTimeField(db_index=True, verbose_name="时间")),
                ("actor_username", models.CharField(blank=True, max_length=150, verbose_name="操作人用户名（记录时）")),
                ("event_type", models.CharField(db_index=True, max_length=100, verbose_name="事件类型")),
                ("object_type", models.CharField(max_length=100, verbose_name="对象类型")),
                ("object_id", models.CharField(blank=True, max_length=64, verbose_name="对象编号")),
                ("matter_number", models.CharField(blank=True, max_length=64, verbose_name="案件编号（记录时）")),
                ("old", models.TextField(blank=True, help_text="JSON 对象", verbose_name="变更前")),
                ("new", models.TextField(blank=True, help_text="JSON 对象", verbose_name="变更后")),
                ("detail", models.TextField(blank=True, help_text="JSON 对象", verbose_name="说明")),
                ("prev_hash", models.CharField(max_length=64, verbose_name="前一哈希")),
                ("actor", models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT,
                                            related_name="+", to=settings.AUTH_USER_MODEL, verbose_name="操作人")),
                ("matter", models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT,
                                             related_name="audit_events", to="firm.matter", verbose_name="案件/事项")),
            ],
            options={
                "verbose_name": "审计事件",
                "verbose_name_plural": "审计事件",
                "ordering": ["-chain_index"],
                "indexes": [models.Index(fields=["object_type", "object_id"], name="tracing_audit_object_idx")],
            },
        ),
        migrations.RunSQL(
            f"CREATE TRIGGER {TABLE}_append_only BEFORE UPDATE OR DELETE ON {TABLE} "
            f"FOR EACH ROW EXECUTE FUNCTION tracing_append_only('permanent');",
            f"DROP TRIGGER IF EXISTS {TABLE}_append_only ON {TABLE};",
        ),
        migrations.RunPython(grant, revoke),
    ]
