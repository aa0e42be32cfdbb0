from importlib import machinery
