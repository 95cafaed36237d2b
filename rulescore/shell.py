"""The SHELL roleplaying system (Chris Harwood-Jones, 1992)."""

SYSTEM = "SHELL"
