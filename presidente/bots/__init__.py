"""Bots: programs that choose an action from one seat's observation, never from hidden state."""
