"""Build pricing (RULES.md phase 4): cheapest build order and cheapest sets of new cities."""
from .core import DEFAULT_HOUSE_COSTS, Planner, get_planner
from .plan import Build, Plan, PlanError

__all__ = ["DEFAULT_HOUSE_COSTS", "Build", "Plan", "PlanError", "Planner", "get_planner"]
