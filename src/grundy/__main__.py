"""``python -m grundy``: Ctrl-C is heard from this file's first line, before grundy.entry
loads (a Ctrl-C during that import was a traceback), by the same handler entry uses."""

import _signal  # type: ignore[import-not-found]  # built in: no import time
import os
import sys


def _end_while_loading(signum: int, frame: object) -> None:
    os.write(2, b"grundy: interrupted\n")
    os._exit(130)


if _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
    _signal.signal(_signal.SIGINT, _end_while_loading)
    from grundy.entry import main

    sys.exit(main(loading_handler_set=True))
else:
    from grundy.entry import main

    sys.exit(main())
