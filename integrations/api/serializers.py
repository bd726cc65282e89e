from rest_framework import serializers


class AgentLimitsOutput(serializers.Serializer):
    max_steps = serializers.IntegerField()
    window = serializers.IntegerField()
    critic_rounds = serializers.IntegerField()
    agent_timeout_s = serializers.IntegerField()
    llm_timeout_s = serializers.FloatField()


class AgentOutput(serializers.Serializer):
    name = serializers.CharField()
    role = serializers.CharField()
    label = serializers.CharField()
    model = serializers.CharField(help_text="模型名；未配置大模型时为“离线模式”")
    offline_handler = serializers.BooleanField()
    tool_patterns = serializers.ListField(child=serializers.CharField())
    tools = serializers.ListField(child=serializers.CharField())
    limits = AgentLimitsOutput()


class AgentStatusOutput(serializers.Serializer):
    status = serializers.ChoiceField(choices=["ok", "unavailable"])
    multi_agent = serializers.BooleanField()
    llm = serializers.DictField()
    worker = serializers.DictField()
    knowledge = serializers.DictField()
    components = serializers.DictField()
    agents = AgentOutput(many=True)


class AgentNameOutput(serializers.Serializer):
    name = serializers.CharField()
    label = serializers.CharField()


class AgentStatusBriefOutput(serializers.Serializer):
    """What staff and compliance read: names and health only."""

    status = serializers.ChoiceField(choices=["ok", "unavailable"])
    health = serializers.DictField(child=serializers.BooleanField(), help_text="组件 → 是否可用")
    agents = AgentNameOutput(many=True)
