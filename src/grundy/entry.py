"""The ``grundy`` command's entry point: Ctrl-C while the modules are still loading ends
the command like Ctrl-C anywhere else (one line, exit 130), not with a traceback.

While the modules load, Ctrl-C is handled by a signal handler that ends the process at
once: an interrupt raised inside an import can come out wrapped in another exception
(``RuntimeError`` from a class body), so catching ``KeyboardInterrupt`` is not enough.
Nothing needs cleaning up at that point.  Once loaded, Ctrl-C raises
``KeyboardInterrupt`` again, which the command line turns into the same line; once the
command has returned, Ctrl-C is ignored for the few moments Python takes to exit.
"""

from __future__ import annotations

import _signal  # type: ignore[import-not-found]  # signal without its enums: quick
import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from types import FrameType

__all__ = ["main"]

_INTERRUPTED = 130  # grundy.cli.EXIT_INTERRUPTED, which cannot be imported before loading


def _end_while_loading(signum: int, frame: FrameType | None) -> None:
    os.write(2, b"grundy: interrupted\n")
    os._exit(_INTERRUPTED)


def main(argv: list[str] | None = None, *, loading_handler_set: bool = False) -> int:
    """Run the command line.  ``loading_handler_set``: the caller (``python -m grundy``)
    already ends the process on Ctrl-C, from before this module loaded."""
    hears_ctrl_c = loading_handler_set or (
        _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler
    )
    if hears_ctrl_c:
        _signal.signal(_signal.SIGINT, _end_while_loading)
    # One try from the handler's end to the command's end: a Ctrl-C between the two
    # (while the parser is built, before the command's own guard) is caught here too.
    try:
        from grundy.cli import main as run_command

        if hears_ctrl_c:
            _signal.signal(_signal.SIGINT, _signal.default_int_handler)
        code = run_command(argv)
        if hears_ctrl_c:  # the answer is out: a Ctrl-C now would only kill the exit
            _signal.signal(_signal.SIGINT, _signal.SIG_IGN)
    except KeyboardInterrupt:  # not yet in the command's guard, or no handler was set
        if hears_ctrl_c:
            _signal.signal(_signal.SIGINT, _signal.SIG_IGN)
        sys.stderr.write("grundy: interrupted\n")
        return _INTERRUPTED
    return code
