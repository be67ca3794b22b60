"""`python -m paint_pipeline.cli`: the same as the `paint-pipeline` command."""

import sys

from paint_pipeline.cli import main

sys.exit(main())
