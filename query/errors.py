"""The one error type the command line turns into a one-line message and exit code 2."""


class BadInput(ValueError):
    """Input the user can fix: an unknown id, an empty query, a malformed file, ...

    Its message is one printable line by construction (query.inputs.one_line): a user's text quoted
    in it (a fact name holding a line break, U+2028, a control character) can neither split it nor
    be cut off by a reader that keeps the first line (the chat, a batch's error object)."""

    def __init__(self, message: object = "", *args: object) -> None:
        if isinstance(message, str):
            from query.inputs import one_line     # query.inputs raises BadInput: imported when first needed
            message = one_line(message)
        super().__init__(message, *args)
