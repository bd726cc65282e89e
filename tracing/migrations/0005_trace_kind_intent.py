from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("tracing", "0004_audit_events"),
    ]

    operations = [
        migrations.AlterField(
            model_name="trace",
            name="kind",
            field=models.CharField(
                choices=[("chat", "法律咨询"), ("contract_review", "合同审查"), ("research", "研究任务"),
                         ("drafting", "文书起草"), ("intent", "意图识别"), ("summary", "会话摘要")],
                db_index=True, max_length=32, verbose_name="类型",
            ),
        ),
    ]
