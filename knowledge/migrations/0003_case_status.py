from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("knowledge", "0002_case_library"),
    ]

    operations = [
        migrations.AddField(
            model_name="casedocument",
            name="error",
            field=models.TextField(blank=True, verbose_name="错误"),
        ),
        migrations.AddField(
            model_name="casedocument",
            name="original",
            field=models.BinaryField(default=b"", verbose_name="原文件"),
        ),
        migrations.AddField(
            model_name="casedocument",
            name="started_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="开始处理"),
        ),
        # documents stored before this migration were extracted at upload: they are ready
        migrations.AddField(
            model_name="casedocument",
            name="status",
            field=models.CharField(
                choices=[("pending", "处理中"), ("ready", "可检索"), ("failed", "处理失败")],
                default="ready", max_length=10, verbose_name="状态",
            ),
        ),
        migrations.AlterField(
            model_name="casedocument",
            name="status",
            field=models.CharField(
                choices=[("pending", "处理中"), ("ready", "可检索"), ("failed", "处理失败")],
                default="pending", max_length=10, verbose_name="状态",
            ),
        ),
    ]
