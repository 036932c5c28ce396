"""Shared checks of the Python tests."""

import threading

import pytest


@pytest.fixture
def keeps_python_running():
    """Checks that `call()`, run in a thread, lets the main thread run Python code meanwhile:
    a call that held the GIL would leave the main thread no ticks while it runs."""

    def check(call, pause=0.0005):
        ticks = []
        done = threading.Event()

        def run():
            call()
            done.set()

        t = threading.Thread(target=run)
        t.start()
        while not done.is_set():
            ticks.append(1)
            done.wait(pause)
        t.join()
        assert len(ticks) > 3

    return check
