"""The legal domains of ARCHITECTURE §4: code, label and search scope (which laws, and which parts).

The registry is data, ``knowledge/vocab/domains.toml``, and this module is its one reader for the
rest of LegalSite (chat takes its domains and labels from here). A scope is a list of laws, each
whole or limited to article ranges, plus whole legal departments. 民法典 is split along its books
and the chapters inside them (named ranges in the file). ``general`` (综合咨询) is not restricted.
Laws missing from the corpus are ignored.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from knowledge.vocabulary import GENERAL, domain_registry

Range = tuple[int, int]

CIVIL_CODE = "民法典"

__all__ = ["CIVIL_CODE", "DOMAINS", "GENERAL", "Domain", "domain_choices", "domain_labels"]


@dataclass(frozen=True)
class Domain:
    code: str
    label: str
    #: short law name -> article ranges (empty tuple: the whole law)
    laws: dict[str, tuple[Range, ...]] = field(default_factory=dict)
    departments: tuple[str, ...] = ()

    @property
    def unrestricted(self) -> bool:
        return not self.laws and not self.departments


def _domains() -> dict[str, Domain]:
    registry = domain_registry()
    return {
        code: Domain(code, entry.label, registry.scope(code), tuple(entry.departments))
        for code, entry in registry.domains.items()
    }


#: Domain code -> Domain, in the order of ARCHITECTURE §4 (general last).
DOMAINS: dict[str, Domain] = _domains()


def domain_labels() -> dict[str, str]:
    """Domain code -> Chinese label (婚姻家庭 …), in registry order."""
    return {code: domain.label for code, domain in DOMAINS.items()}


def domain_choices() -> list[tuple[str, str]]:
    return [(d.code, d.label) for d in DOMAINS.values()]
