import sys

from canasta.cli import main

sys.exit(main())
