"""The one error type the command line turns into a one-line message and exit code 2."""


class BadInput(ValueError):
    """Input the user can fix: an unknown id, an empty query, a malformed file, ..."""
