"""The time since the run began beside pytest's count of tests done, at the end of each line of dots:
`[ 1234/4374] 2:31`. A person following a run of several minutes sees how far it is and how fast it goes.

pytest prints the count itself (console_output_style = "count" in pyproject.toml); this wraps the method that
formats it. If a pytest release renames that method, the count stays and only the time is missing.
"""

import time

import pytest


@pytest.hookimpl(trylast=True)
def pytest_configure(config):
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    count = getattr(reporter, "_get_progress_information_message", None)
    if reporter is None or count is None or hasattr(config, "workerinput"):
        return  # an xdist worker prints nothing; its controller shows the progress
    started = time.monotonic()

    def count_and_time() -> str:
        minutes, seconds = divmod(int(time.monotonic() - started), 60)
        return f"{count()} {minutes}:{seconds:02d}"

    reporter._get_progress_information_message = count_and_time
