"""The stored dimension of a pgvector ``embedding`` column (articles and case chunks alike)."""

from __future__ import annotations

from django.db import connection, models

from knowledge.models import Article


def embedding_column_dim(model: type[models.Model] = Article) -> int | None:
    """The dimension of ``model``'s ``embedding`` column as it is in the database (None when it has none).

    It differs from the model field after ``EMBEDDING_DIM`` changed and before ``manage.py reembed`` ran.
    """
    with connection.cursor() as cursor:
        cursor.execute("SELECT atttypmod FROM pg_attribute WHERE attrelid = %s::regclass AND attname = 'embedding'",
                       [model._meta.db_table])
        row = cursor.fetchone()
    return row[0] if row and row[0] > 0 else None
