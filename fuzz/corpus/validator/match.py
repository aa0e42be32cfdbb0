match p:
    case {'k': [1, *rest]}:
        pass
    case Point(x=0, y=y) if y > 0:
        pass
    case _:
        pass
