match x:
    case object(__class__=c):
        pass
