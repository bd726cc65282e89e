"""The platform core below every app (ARCHITECTURE §1): shared, app-independent utilities."""
