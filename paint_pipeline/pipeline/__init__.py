"""One training cycle as plain functions (no Dagster): settings profiles, cycle manifests, the steps of a
cycle, held-out evaluation, lineage and the dashboard."""
