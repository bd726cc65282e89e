"""The calculators, deadline rules and fact names a card may name (legal/cards/SCHEMA.md)."""

CALCULATOR_NAMES = frozenset({
    "economic_compensation", "unlawful_termination_damages", "double_wage", "overtime_pay", "annual_leave_pay",
    "lost_earnings", "injury_disability_lump_sum", "death_compensation", "interest_cap", "overdue_interest",
    "deposit_cap", "penalty_excess", "litigation_fee", "limitation_period", "disability_compensation",
    "funeral_expenses", "daily_penalty", "non_compete_compensation", "treble_damages", "tenfold_damages",
    "deposit_return", "child_support", "inheritance_share", "estate_debt_limit", "nursing_fee", "work_death_lump_sum",
    "maternity_leave", "sentence_credit", "training_penalty", "wage_deduction_cap", "small_claims_limit",
    "delayed_performance_interest", "liberty_compensation", "profit_distribution", "lease_refund",
    "unemployment_benefit_period", "actual_principal", "probation_excess", "probation_wage_min", "damages_by_share",
    "prepaid_refund", "compulsory_insurance", "dependant_support", "late_payment_loss", "principal_with_interest",
    "no_interest", "betrothal_return", "lease_settlement", "fine_surcharge_cap", "patent_term", "wage_arrears",
    "lending_cost_cap", "deposit_refund", "set_off", "defect_punitive", "restitution",
})
DEADLINE_NAMES = frozenset({
    "civil_limitation", "labor_arbitration", "work_injury_application", "admin_reconsideration",
    "admin_litigation", "admin_litigation_after_reconsideration", "civil_appeal_judgment", "civil_appeal_ruling",
    "criminal_appeal_judgment", "criminal_appeal_ruling", "labor_award_suit", "work_injury_application_employer",
    "enforcement_application", "guarantee_period", "criminal_detention", "info_disclosure_reply",
    "consumer_return", "quality_objection", "probation_max", "inheritance_limitation", "resignation_notice",
    "divorce_cooling_off", "resolution_revocation", "penalty_hearing", "state_compensation_claim",
    "marriage_revocation_duress", "marriage_revocation_disease", "divorce_resuit", "creditor_revocation",
    "mistake_revocation", "voidable_revocation", "rescission_period", "share_buyback_suit", "prosecution_limitation",
    "bail_max", "surveillance_max", "family_notice", "non_prosecution_petition", "non_filing_review",
    "preemption_reply", "reconsideration_decision", "retrial_application", "payment_order_objection", "no_limitation",
    "injury_leave", "non_compete_term", "award_revocation", "arbitration_award_time", "layoff_notice",
    "accident_review", "preservation_suit", "resignation_notice_probation", "arrest_request", "investigation_custody",
    "prosecution_review", "victim_protest_request", "equity_preemption", "reduction_notice", "reduction_announcement",
    "capital_contribution", "advance_registration", "title_certificate_due", "lease_max_term",
    "separation_after_judgment", "birth_divorce_bar", "fine_payment", "trademark_renewal", "copyright_term",
    "shareholder_meeting_notice", "dividend_payment", "evidence_period", "admin_litigation_unnotified",
    "ordinary_procedure_term", "summary_procedure_term", "enforcement_objection_review",
})
