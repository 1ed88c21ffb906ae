"""Game flow between the engine, the bots and the window: pure Python, time injected."""
