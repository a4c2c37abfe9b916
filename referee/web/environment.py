"""The app's Jinja environment: `value.name` on the plain dicts every view is made of, looked up
without a failed attribute lookup first.

Jinja resolves `panel.lot` by trying the attribute and, when that fails, the item. Every view the
pages draw (referee.web.views, inputs, table) is a plain dict, so nearly every lookup in a template
raised and caught an AttributeError before finding its key: a table answer makes a few hundred, an
eighth of its drawing time. Here a plain dict's key is taken at once. What Jinja itself would give
stays the same: a name a dict has as an attribute (its methods, `items`, `get`…) is still that
attribute, and a missing key is still undefined.
"""
from flask.templating import Environment as FlaskEnvironment

DICT_ATTRIBUTES = frozenset(dir(dict))      # what getattr() finds on any plain dict: Jinja gives these first


class Environment(FlaskEnvironment):
    def getattr(self, obj, attribute):
        if type(obj) is dict and attribute not in DICT_ATTRIBUTES:
            try:
                return obj[attribute]
            except KeyError:
                return self.undefined(obj=obj, name=attribute)
        return super().getattr(obj, attribute)
