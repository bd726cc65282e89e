"""The fixed wording every answer shares: the disclaimer and the labels of the agents' tools."""

from __future__ import annotations

from typing import Final

TOOL_LABELS = {
    "search_legal_knowledge": "法条检索",
    "lookup_legal_article": "法条查询",
    "verify_citations": "引用核验",
    "query_knowledge_graph": "引用图谱",
    "analyze_legal_situation": "案情要素分析",
    "calculate_severance": "经济补偿计算",
    "calculate_double_wage": "二倍工资计算",
    "calculate_litigation_fee": "诉讼费计算",
    "calculate_limitation_period": "诉讼时效计算",
    "calculate": "算术计算",
    "web_search": "网络搜索",
    "search_cases": "类案检索",
}


DISCLAIMER: Final = "本回答由系统依据现行法律法规自动生成，仅供参考，不构成正式法律意见；具体案件请咨询执业律师。"
