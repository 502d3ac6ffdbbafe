import sys

from grundy.cli import main

sys.exit(main())
