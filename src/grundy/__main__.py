import sys

from grundy.entry import main

sys.exit(main())
