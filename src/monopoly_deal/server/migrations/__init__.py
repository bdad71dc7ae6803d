"""Alembic's script folder for the server's database: ``env.py`` and one file a revision in ``versions/``
(:mod:`monopoly_deal.server.schema` runs them)."""
