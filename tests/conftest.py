"""pytest configuration: hypothesis profiles."""

from hypothesis import settings

settings.register_profile("default", max_examples=60, deadline=None)
settings.register_profile("ci", max_examples=60, deadline=None, derandomize=True)
settings.load_profile("default")
