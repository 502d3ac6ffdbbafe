"""The ``grundy`` command's entry point: Ctrl-C while the modules are still loading ends
the command like Ctrl-C anywhere else (one line, exit 130), not with a traceback.

While the modules load, Ctrl-C is handled by a signal handler that ends the process at
once: an interrupt raised inside an import can come out wrapped in another exception
(``RuntimeError`` from a class body), so catching ``KeyboardInterrupt`` is not enough.
Nothing needs cleaning up at that point.  Once loaded, Ctrl-C raises
``KeyboardInterrupt`` again, which the command line turns into the same line; once the
command has returned, Ctrl-C is ignored for the few moments Python takes to exit.

Every ``grundy`` process (the console script and ``python -m grundy``) passes ``main``
before numpy can be imported, so the thread count of the BLAS libraries is decided here,
once: see ``one_blas_thread``.
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

BLAS_THREAD_VARIABLES = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
"""The variables that size the thread pools of OpenBLAS, OpenMP and MKL (the three that
Dask's nanny sets to 1 for its workers)."""


def one_blas_thread() -> None:
    """Ask for one BLAS thread unless the user chose a number.

    OpenBLAS starts its thread pool when numpy is imported: about 0.12 s of CPU on a
    2-core machine, in every process that imports numpy, for nothing: grundy's one matrix
    product (the value checker pricing its choices of sparse sets, one row per bit mask)
    took as long with one thread as with two, measured up to 4,095 by 4,096.  Set in
    ``os.environ`` before numpy loads, the variables reach every process this one starts:
    the ``--jobs`` workers and the claims' watched children are forks, and Dask's local
    workers inherit the environment.  A user who set any of them (even only
    ``OMP_NUM_THREADS``, which OpenBLAS also reads) keeps every one as it was.
    """
    if any(os.environ.get(name) for name in BLAS_THREAD_VARIABLES):
        return
    for name in BLAS_THREAD_VARIABLES:
        os.environ[name] = "1"


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
    one_blas_thread()  # before anything imports numpy (and once Ctrl-C is heard)
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
