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
    tool_mode = serializers.ChoiceField(choices=["native", "content", "none"],
                                        help_text="模型如何调用工具：原生、写在正文里、不能（系统代为检索）")
    offline_handler = serializers.BooleanField()
    tool_patterns = serializers.ListField(child=serializers.CharField())
    tools = serializers.ListField(child=serializers.CharField())
    limits = AgentLimitsOutput()


class AgentStatusOutput(serializers.Serializer):
    status = serializers.ChoiceField(choices=["ok", "unavailable"])
    multi_agent = serializers.BooleanField()
    llm = serializers.DictField()
    llm_profile = serializers.DictField(help_text="网关使用的服务商能力档案（manage.py llm_check 测得或按地址推断）")
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
