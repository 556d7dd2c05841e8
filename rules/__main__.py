"""`python -m rules SCENE`: the JSON-lines query command."""

from rules.cli import main

raise SystemExit(main())
