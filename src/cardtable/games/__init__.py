"""The games, one module per family; each module's ``GAMES`` tuple lists its game classes."""
