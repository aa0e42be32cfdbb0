s = '''one
two é
'''; t = (
    open)
