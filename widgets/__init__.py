"""Everything that turns rulescore into page widgets: build side (render, engine, hook, serve)."""
