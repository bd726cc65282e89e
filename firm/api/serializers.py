from django.contrib.auth import get_user_model
from rest_framework import serializers

from firm.models import Matter, MatterMember


class MemberOutput(serializers.ModelSerializer):
    username = serializers.CharField(source="user.username")

    class Meta:
        model = MatterMember
        fields = ["username", "team_role", "added_at"]


class MatterOutput(serializers.ModelSerializer):
    owner = serializers.CharField(source="owner.username")
    members = MemberOutput(source="memberships", many=True)

    class Meta:
        model = Matter
        fields = ["id", "number", "title", "client", "description", "privileged", "status", "owner",
                  "members", "created_at", "updated_at"]


class MatterInput(serializers.Serializer):
    number = serializers.CharField(max_length=64)
    title = serializers.CharField(max_length=200)
    client = serializers.CharField(max_length=200)
    description = serializers.CharField(required=False, allow_blank=True, default="")
    privileged = serializers.BooleanField(required=False, default=False)
    members = serializers.ListField(child=serializers.CharField(), required=False, default=list)

    def validate_members(self, usernames: list[str]) -> list:
        users = list(get_user_model().objects.filter(username__in=usernames, is_active=True))
        missing = sorted(set(usernames) - {user.username for user in users})
        if missing:
            raise serializers.ValidationError(f"找不到用户：{', '.join(missing)}")
        return users


class MemberInput(serializers.Serializer):
    username = serializers.CharField()
    team_role = serializers.ChoiceField(choices=MatterMember.TeamRole.choices, default="member")


class MeOutput(serializers.Serializer):
    username = serializers.CharField()
    display_name = serializers.CharField()
    role = serializers.CharField(allow_null=True)
