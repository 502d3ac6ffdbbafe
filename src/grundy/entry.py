"""The ``grundy`` command's entry point: Ctrl-C while the modules are still loading ends
the command like Ctrl-C anywhere else (one line, exit 130), not with a traceback.

While the modules load, Ctrl-C is handled by a signal handler that ends the process at
once: an interrupt raised inside an import can come out wrapped in another exception
(``RuntimeError`` from a class body), so catching ``KeyboardInterrupt`` is not enough.
Nothing needs cleaning up at that point.  Once loaded, Ctrl-C raises
``KeyboardInterrupt`` again, which the command line turns into the same line; once the
command has returned, Ctrl-C is ignored for the few moments Python takes to exit.  A
Ctrl-C that Python swallows (raised inside a callback it runs on its own account, such
as importlib's for a module lock) is sent again (``hear_swallowed_ctrl_c``).

Every ``grundy`` process (the console script and ``python -m grundy``) passes ``main``
before numpy can be imported, so the thread count of the BLAS libraries is decided here,
once (``one_blas_thread``); and it passes ``main`` again once the answer is out, where
the process ends without the interpreter's teardown (``end_now``).
"""

from __future__ import annotations

import _signal  # type: ignore[import-not-found]  # signal without its enums: quick
import _thread
import atexit
import os
import sys
import time

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


_AGAIN_AFTER = 0.001  # seconds: long past the callback that swallowed the interrupt


def hear_swallowed_ctrl_c() -> None:
    """Make a Ctrl-C that Python swallowed reach the command after all.

    A ``KeyboardInterrupt`` raised inside code that Python runs on its own account
    (a weak reference's callback, such as the one importlib keeps for each module lock,
    a ``__del__`` method, an at-fork hook) cannot propagate: Python prints "Exception
    ignored in: ..." with a traceback, and the command goes on as if Ctrl-C had never
    come (CI, stop 42: a Ctrl-C during one of the command's own imports).  Such an
    interrupt is sent again, a moment later, to the main thread as a real SIGINT (which
    also wakes a blocking wait), so it arrives in the command's own code and ends it
    the usual way: one line, exit 130, and what was finished still shown.  Should it
    land in such code again, it is sent again.  Every other unraisable exception is
    reported as before.
    """
    main_thread = _thread.get_ident()
    report_as_before = sys.unraisablehook

    def send_again() -> None:
        time.sleep(_AGAIN_AFTER)
        try:  # noqa: SIM105  (contextlib is not loaded this early)
            _signal.pthread_kill(main_thread, _signal.SIGINT)
        except OSError:  # the main thread has ended: so has the command
            pass

    def hook(unraisable: sys.UnraisableHookArgs) -> None:
        if issubclass(unraisable.exc_type, KeyboardInterrupt):
            _thread.start_new_thread(send_again, ())
        else:
            report_as_before(unraisable)

    sys.unraisablehook = hook


_FLUSH_FAILED = 120  # what Python exits with when it cannot flush stdout at exit


def end_now(code: int) -> int:
    """End the process with ``code`` at once, skipping the interpreter's teardown.

    Clearing the modules and collecting what they hold took 0.1 s of CPU after a run
    with numpy and 0.45 s after one with numba's compiled kernels (a quarter of a small
    ``--period`` run), to free memory the operating system takes back anyway.  What the
    teardown does that matters is done first: the standard streams are flushed and the
    exit functions run (logging, ``weakref.finalize``, multiprocessing's and Dask's
    clean-up).  grundy opens the files it writes in ``with`` blocks, closed before its
    command returns, so no other buffer waits for the teardown.  When a thread that
    Python would wait for is still running, when stdout cannot be flushed (Python then
    reports it), or without CPython's ``atexit._run_exitfuncs``, this returns ``code``
    for the usual exit.
    """
    import threading  # loaded already by then (the time budget uses it)

    main_thread = threading.main_thread()
    if any(t is not main_thread and not t.daemon for t in threading.enumerate()):
        return code
    run_exit_functions = getattr(atexit, "_run_exitfuncs", None)
    if run_exit_functions is None:
        return code
    if not _flushed():
        return code
    run_exit_functions()
    os._exit(code if _flushed() else _FLUSH_FAILED)  # and what the exit functions wrote


def _flushed() -> bool:
    """Flush stdout and stderr (either may be None: started with a stream closed)."""
    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
    except (OSError, ValueError):
        return False
    return True


def main(argv: list[str] | None = None, *, loading_handler_set: bool = False) -> int:
    """Run the command line.  ``loading_handler_set``: the caller (``python -m grundy``)
    already ends the process on Ctrl-C, from before this module loaded.

    Without ``argv`` the words are the process's own command line (the console script,
    ``python -m grundy``), and the process ends here (:func:`end_now`); with ``argv``
    (tests, other Python code) the exit code is returned."""
    hears_ctrl_c = loading_handler_set or (
        _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler
    )
    if hears_ctrl_c:
        _signal.signal(_signal.SIGINT, _end_while_loading)
        if argv is None:  # the process is the command's own (not a test's, a program's)
            hear_swallowed_ctrl_c()
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
        code = _INTERRUPTED
    return end_now(code) if argv is None else code
