"""Reads of the contracts app, one module per area; every read of client work is scoped by the
matter rule for the asking user (``firm.selectors.work_visible_q``)."""
