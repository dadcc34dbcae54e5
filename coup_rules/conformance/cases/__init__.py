"""The conformance kit's scenario cases, one module per family, each with ``CASES``."""
