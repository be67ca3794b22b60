"""The project's Dagster definitions: everything in the `defs/` folder (assets, checks, jobs, sensors, the
schedule, resources), loaded the way `dg` lays a project out ([tool.dg] in pyproject.toml).

    dg dev                                             the UI (set DAGSTER_HOME to keep runs and cycles)
    dg check defs                                      load and validate the definitions
    paint-pipeline cycle next                          add the next cycle and run it
    dg launch --job train_cycle --partition cycle-0001 run an added cycle (as the UI does)

The same definitions run on a CPU and on GPUs; the profile (PAINT_PROFILE: default, tiny or a JSON file)
and the resources' configuration are all that differ.
"""

from pathlib import Path

from dagster import load_from_defs_folder

# Eager (not `@definitions`): the CLI and the tests use the loaded object directly.
defs = load_from_defs_folder(path_within_project=Path(__file__).parent)
