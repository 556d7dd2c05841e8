"""Entry script of the frozen app: the same `fivefoot` command as the installed console script."""

from desktop.app import main

raise SystemExit(main())
