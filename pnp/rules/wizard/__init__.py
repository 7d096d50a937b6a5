"""The Last Wizard's rules engine: pure functions over plain data, no I/O."""
