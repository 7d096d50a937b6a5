"""Rules engines: pure Python over plain data, no I/O."""
