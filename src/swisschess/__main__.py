from swisschess.cli.main import main

raise SystemExit(main())
