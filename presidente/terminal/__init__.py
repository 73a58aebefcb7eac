"""The terminal clients (rich), outside the engines: `president`, `elpresidente`, the card look they share
(`look`) and the game review's screen (`review`). The `presidente` command (`presidente.cli`) calls them."""
