"""The one error the catalogue raises: bad or unknown catalogue data."""


class CatalogError(ValueError):
    """A map or edition file is missing or wrong, or a name does not resolve.

    The message names the file and says what is allowed, so a person editing
    the TOML by hand can fix it without reading code.
    """
