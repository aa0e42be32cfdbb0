import typing
typing.get_type_hints(f)
