"""The window: pygame scenes that draw the table model and forward the player's input."""
