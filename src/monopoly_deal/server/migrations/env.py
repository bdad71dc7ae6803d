"""How Alembic runs a revision here: on the connection :mod:`monopoly_deal.server.schema` hands it (the
server's own, async engine's), against the models; SQLite's ALTERs in batch mode (a table copied)."""

from alembic import context

from monopoly_deal.server.models import Base

connection = context.config.attributes.get("connection")
if connection is None:   # offline (SQL printed, not run) is not how this project migrates
    raise SystemExit("run migrations with 'mdeal db upgrade' (docs/deploy.md)")
context.configure(connection=connection, target_metadata=Base.metadata,
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
