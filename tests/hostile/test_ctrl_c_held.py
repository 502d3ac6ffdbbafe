"""grundy.lifetime.ctrl_c_held: while workers are forked, Ctrl-C only records that it came
(a KeyboardInterrupt inside os.fork's hooks was printed as "Exception ignored in:
<function _releaseLock>"), and the parent hears it once the forks are done, issue 34."""

from __future__ import annotations

import os
import signal

import pytest

from grundy.lifetime import ctrl_c_held


def test_ctrl_c_inside_is_heard_after() -> None:
    reached_the_end = False
    with pytest.raises(KeyboardInterrupt), ctrl_c_held():
        os.kill(os.getpid(), signal.SIGINT)
        for _ in range(1000):  # Python runs the handler between bytecodes: here
            pass
        reached_the_end = True
    assert reached_the_end
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_nothing_heard_nothing_raised() -> None:
    with ctrl_c_held():
        pass
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_a_child_forked_inside_is_not_interrupted_by_ctrl_c() -> None:
    with pytest.raises(KeyboardInterrupt), ctrl_c_held():
        child = os.fork()
        if child == 0:  # the signal as a terminal sends it, to parent and child alike
            try:
                os.kill(os.getpid(), signal.SIGINT)
                for _ in range(1000):
                    pass
            except BaseException:
                os._exit(1)
            os._exit(0)
        _, status = os.waitpid(child, 0)
        assert os.waitstatus_to_exitcode(status) == 0
        os.kill(os.getpid(), signal.SIGINT)


def test_outside_the_main_thread_nothing_is_held() -> None:
    import threading

    seen: list[object] = []

    def run() -> None:
        with ctrl_c_held():
            seen.append(signal.getsignal(signal.SIGINT))

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    assert seen == [signal.default_int_handler]
