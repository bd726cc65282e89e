from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from legalsite.backup import BackupError, backup_create


class Command(BaseCommand):
    help = "Back up the database (pg_dump) and the uploaded files to a directory or a .tar.gz."
    # Works whatever the project's checks say (a backup or a restore must not wait on an unrelated check).
    requires_system_checks: list[str] = []

    def add_arguments(self, parser) -> None:
        parser.add_argument("--out", type=Path, default=None,
                            help="FILE.tar.gz or an empty DIR (default: <data dir>/backups/legalsite-<time>.tar.gz)")

    def handle(self, *args, **options) -> None:
        try:
            result = backup_create(out=options["out"])
        except BackupError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(f"备份完成：{result.path}（数据库 {result.database_bytes:,} 字节，"
                          f"上传文件 {result.media_files} 个）")
