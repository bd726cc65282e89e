from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("tracing", "0005_trace_kind_intent"),
    ]

    operations = [
        migrations.AlterField(
            model_name="trace",
            name="kind",
            field=models.CharField(
                choices=[
                    ("chat", "法律咨询"), ("contract_review", "合同审查"), ("research", "研究任务"),
                    ("drafting", "文书起草"), ("intent", "意图识别"), ("summary", "会话摘要"), ("mcp", "MCP 工具调用"),
                ],
                db_index=True, max_length=32, verbose_name="类型",
            ),
        ),
    ]
