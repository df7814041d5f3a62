"""Every engine test runs twice: on the pure-Python search (the fallback where numba cannot be
imported) and on the compiled core (:mod:`checkers_desktop.engine.compiled`), which must give
the same answers. test_engine_compiled.py compares the two itself and runs once, as does
test_engine_endgame_build.py (the database's builders, which do not search)."""

import pytest


def pytest_generate_tests(metafunc):
    if ("engine_backend" in metafunc.fixturenames
            and not metafunc.module.__name__.endswith(("test_engine_compiled",
                                                       "test_engine_endgame_build"))):
        metafunc.parametrize("engine_backend", ["python", "compiled"], indirect=True)


@pytest.fixture(autouse=True)
def engine_backend(request, monkeypatch):
    """"python": the compiled core is taken as not ready, so searches run in Python;
    "compiled": it is loaded (compiled the first time, then read from numba's disk cache)."""
    from checkers_desktop.engine import compiled

    backend = getattr(request, "param", "compiled")
    if backend == "compiled":
        if not compiled.warm_up():
            pytest.skip(f"the compiled engine cannot be used here: {compiled.failure()}")
    else:
        monkeypatch.setattr(compiled, "ready", lambda: False)
    return backend


@pytest.fixture(autouse=True)
def hand_evaluation(request, monkeypatch):
    """Every engine test but the learned evaluation's own searches with the hand evaluation: the
    Python search and the compiled one must agree, and only the compiled one has the network
    (test_engine_network.py tests the network and the switch)."""
    if not request.module.__name__.endswith("test_engine_network"):
        from checkers_desktop.engine.network import EVALUATION_ENV
        monkeypatch.setenv(EVALUATION_ENV, "hand")
