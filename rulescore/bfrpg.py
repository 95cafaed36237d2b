"""Basic Fantasy RPG: dungeon and wilderness adventuring."""

SYSTEM = "Basic Fantasy RPG"
