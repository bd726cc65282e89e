"""The suite's password hasher: Django's PBKDF2 with one round.

Django's default (PBKDF2-SHA256, 1,000,000 rounds) costs about a quarter of a CPU second a hash here,
and the suite hashes a password for nearly every test (each user it creates, each login it checks).
The hashes keep the algorithm's name and store their round count, so a child process on the
project's settings (daphne, Celery, ``manage.py``) still verifies them with its own PBKDF2 hasher.
Only the test process uses this class (tests/conftest.py); production hashing is unchanged.
"""

from __future__ import annotations

from django.contrib.auth.hashers import PBKDF2PasswordHasher


class OneRoundPBKDF2PasswordHasher(PBKDF2PasswordHasher):
    iterations = 1
