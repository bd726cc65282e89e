"""Compliance officers read the audit trail: view permissions on every tracing model.

Nobody gets ``tracing.unmask_trace`` by default (administrators are superusers and have it);
grant it to individual officers who must see personal data unmasked.
"""

from django.contrib.auth.management import create_permissions
from django.db import migrations

MODELS = ["trace", "routingdecision", "agentrun", "llmcall", "toolcall", "traceseal", "legalhold", "purgerecord"]
COMPLIANCE_PERMISSIONS = [f"tracing.view_{model}" for model in MODELS]


def grant(apps, schema_editor):
    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name="compliance")
    for dotted in COMPLIANCE_PERMISSIONS:
        app_label, codename = dotted.split(".")
        group.permissions.add(Permission.objects.get(content_type__app_label=app_label, codename=codename))


def revoke(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group = Group.objects.filter(name="compliance").first()
    if group is not None:
        group.permissions.remove(*Permission.objects.filter(content_type__app_label="tracing"))


class Migration(migrations.Migration):
    dependencies = [
        ("tracing", "0002_append_only_trigger"),
        ("firm", "0002_roles"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(grant, revoke)]
