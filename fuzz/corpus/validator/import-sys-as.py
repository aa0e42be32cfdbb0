import sys as s
