"""The calculators, deadline rules and fact names a card may name (legal/cards/SCHEMA.md)."""

CALCULATOR_NAMES = frozenset({
    "economic_compensation", "unlawful_termination_damages", "double_wage", "overtime_pay", "annual_leave_pay",
    "lost_earnings", "injury_disability_lump_sum", "death_compensation", "interest_cap", "overdue_interest",
    "deposit_cap", "penalty_excess", "litigation_fee", "limitation_period", "disability_compensation",
    "funeral_expenses", "daily_penalty", "non_compete_compensation", "treble_damages", "tenfold_damages",
    "deposit_return",
})
DEADLINE_NAMES = frozenset({
    "civil_limitation", "labor_arbitration", "work_injury_application", "admin_reconsideration",
    "admin_litigation", "admin_litigation_after_reconsideration", "civil_appeal_judgment", "civil_appeal_ruling",
    "criminal_appeal_judgment", "criminal_appeal_ruling", "labor_award_suit", "work_injury_application_employer",
    "enforcement_application", "guarantee_period", "criminal_detention", "info_disclosure_reply",
    "consumer_return", "quality_objection", "probation_max", "inheritance_limitation", "resignation_notice",
    "divorce_cooling_off", "resolution_revocation", "penalty_hearing", "state_compensation_claim",
})
