"""The firm's review playbook and the offline reviewer that applies it.

- :mod:`contracts.playbook.spec` — :class:`RuleSpec` and the validation of a rule's parameters;
- :mod:`contracts.playbook.numbers` — amounts, percentages, durations and rates as contracts write them;
- :mod:`contracts.playbook.engine` — :func:`section_findings`, :func:`missing_clause_findings`;
- :mod:`contracts.playbook.starter` — the starter set (``starter.toml``).
"""

from contracts.playbook.engine import (
    ContractFacts,
    contract_facts,
    contract_findings,
    missing_clause_findings,
    section_findings,
)
from contracts.playbook.spec import RuleInvalid, RuleSpec, validate_params, validate_rule
from contracts.playbook.starter import rule_from_dict, starter_rule, starter_rules

__all__ = [
    "ContractFacts", "RuleInvalid", "RuleSpec", "contract_facts", "contract_findings", "missing_clause_findings",
    "rule_from_dict", "section_findings", "starter_rule", "starter_rules", "validate_params", "validate_rule",
]
