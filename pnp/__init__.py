"""pnp: a print-and-play studio in a box."""

__version__ = "0.1.0"
