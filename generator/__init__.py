"""trajgen: tool-calling benchmark and training data with controlled, verified query vagueness."""

__version__ = "0.1.0"
