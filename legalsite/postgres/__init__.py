"""Django's PostgreSQL backend with a fail-fast first connection for the connection pool."""
