"""pnp's commands, one module per verb; `pnp.cli` gathers them into the `pnp` group.

Shared pieces: `types` (the values options take), `options` (the options several commands
take, each defined once), `report` (how output and errors are printed), `tables` (the table
closing a build)."""
