"""Verdun's rules engine (trick-taking): troop cards, tricks, fortifications, casualties, the
tactical cards and the Mud and Blood weather. Pure Python over plain data."""
