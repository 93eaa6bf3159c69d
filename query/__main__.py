"""`python -m query`: the command line (query/cli/)."""
import sys

from query.cli import main

sys.exit(main())
