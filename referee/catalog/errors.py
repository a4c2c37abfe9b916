"""The one error the catalogue raises: bad or unknown catalogue data."""


class CatalogError(ValueError):
    """A map or edition file is missing or wrong, or a name does not resolve.

    The message names the file and says what is allowed, so a person editing
    the TOML by hand can fix it without reading code.
    """


def one_line(message: str) -> str:
    """A catalogue error as one line, for a game log's setup line or a form: a file's problems
    (one 'FILE: problem' per line, as `referee maps check` lists them) joined after one 'FILE: N problems:'."""
    lines = [line for line in str(message).splitlines() if line.strip()]
    if len(lines) <= 1:
        return lines[0] if lines else ""
    files = {line.partition(": ")[0] for line in lines}
    if len(files) == 1 and all(": " in line for line in lines):
        return f"{files.pop()}: {len(lines)} problems: " + "; ".join(line.partition(": ")[2] for line in lines)
    return f"{len(lines)} problems: " + "; ".join(lines)
