"""Allow ``python -m flight_tui``."""

from flight_tui.cli import main

raise SystemExit(main())
