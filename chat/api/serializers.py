from rest_framework import serializers

from chat.constants import MAX_QUESTION_CHARS
from chat.models import ChatSession, Message


class CitationOutput(serializers.Serializer):
    law = serializers.CharField()
    article = serializers.CharField()
    valid = serializers.BooleanField()
    reason = serializers.CharField(required=False)


class ConclusionOutput(serializers.Serializer):
    # stored JSON: a value of another shape (an older row, masked content) is shown without the key, not a 500
    part = serializers.CharField(help_text="问题的这一部分", required=False)
    text = serializers.CharField(help_text="用文字回答这一部分的结论", required=False)
    citations = CitationOutput(many=True, required=False)


class CardRefOutput(serializers.Serializer):
    id = serializers.IntegerField(allow_null=True, required=False)
    slug = serializers.CharField(required=False)
    title = serializers.CharField(required=False)
    confidence = serializers.FloatField(required=False)


class MessageOutput(serializers.ModelSerializer):
    citations = CitationOutput(many=True)
    conclusions = ConclusionOutput(many=True)
    cards = CardRefOutput(many=True)

    class Meta:
        model = Message
        fields = ["id", "role", "content", "status", "intent", "sources", "citations", "conclusions", "cards",
                  "disclaimer", "notices", "trace_id", "created_at"]


class SessionOutput(serializers.ModelSerializer):
    matter = serializers.PrimaryKeyRelatedField(read_only=True, allow_null=True)
    owner = serializers.CharField(source="owner.username")
    message_count = serializers.SerializerMethodField()

    class Meta:
        model = ChatSession
        fields = ["id", "title", "matter", "owner", "state", "summary", "summary_updated_at", "message_count",
                  "created_at", "updated_at"]

    def get_message_count(self, session: ChatSession) -> int:
        return session.messages.count()


class SessionInput(serializers.Serializer):
    title = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")
    matter = serializers.IntegerField(required=False, allow_null=True, default=None)


class SessionUpdateInput(serializers.Serializer):
    title = serializers.CharField(max_length=200, required=False, allow_blank=True)
    matter = serializers.IntegerField(required=False, allow_null=True)


class QuestionInput(serializers.Serializer):
    content = serializers.CharField(trim_whitespace=False, max_length=MAX_QUESTION_CHARS,
                                    help_text=f"问题，1–{MAX_QUESTION_CHARS:,} 字",
                                    error_messages={"blank": "问题不能为空",
                                                    "max_length": f"问题过长，上限为 {MAX_QUESTION_CHARS} 字"})


class FeedbackInput(serializers.Serializer):
    rating = serializers.IntegerField(min_value=1, max_value=5)
    comment = serializers.CharField(required=False, allow_blank=True, default="", max_length=2000)


class ClassifyInput(serializers.Serializer):
    text = serializers.CharField(max_length=30_000)


class ClassifyOutput(serializers.Serializer):
    domain = serializers.CharField()
    domain_label = serializers.CharField()
    intent = serializers.CharField()
    confidence = serializers.FloatField()
    layer = serializers.ChoiceField(choices=["rule", "llm"])
    entities = serializers.DictField()
    runner_up = serializers.DictField()
    reason = serializers.CharField()
    decided = serializers.BooleanField(help_text="置信度达到阈值：按此分类分派；否则路由回退到综合咨询/qa_retrieval")
    domain_confidence = serializers.FloatField()
    intent_confidence = serializers.FloatField()
    route = serializers.DictField(help_text="实际分派：domain、intent、decided、reason（回退的原因）")
    signals = serializers.DictField(help_text="判断依据：规则、检索到的法条所属领域、相似问题")
    trace_id = serializers.UUIDField()
