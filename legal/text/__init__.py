"""Legal-text utilities shared by chat, research and drafting: the domains and intents of a legal
question and their rules, entities, arithmetic, the vocabulary files (``legal/text/vocab/``), the
extractive composer and the fixed wording of an answer (docs/decisions/layers.md)."""
