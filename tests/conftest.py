"""Options for the whole suite: `--long` runs the hostile-input property suite at release size
(10,000 generated inputs per command, tests/query/cli/test_hostile_input.py); `./test.sh --long`."""


def pytest_addoption(parser):
    parser.addoption("--long", action="store_true", default=False,
                     help="release check: 10,000 generated hostile inputs per command (default: a few hundred)")
