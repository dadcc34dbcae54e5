"""An independent, deliberately simple model of the rules, for differential tests."""

from .model import Oracle, OracleError

__all__ = ["Oracle", "OracleError"]
