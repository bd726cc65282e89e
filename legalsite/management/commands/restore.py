from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from legalsite.backup import BackupError, backup_restore


class Command(BaseCommand):
    help = "Restore a backup (directory or .tar.gz from `manage.py backup`) into the configured database and data dir."
    # Works whatever the project's checks say (a backup or a restore must not wait on an unrelated check).
    requires_system_checks: list[str] = []

    def add_arguments(self, parser) -> None:
        parser.add_argument("path", type=Path)
        parser.add_argument("--force", action="store_true", help="replace the objects of a database that is not empty")

    def handle(self, *args, **options) -> None:
        try:
            result = backup_restore(source=options["path"], force=options["force"])
        except BackupError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(f"恢复完成：{result.path}（上传文件 {result.media_files} 个）。"
                          "请运行 manage.py verify_audit 核对审计链。")
