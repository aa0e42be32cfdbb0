x = 1
x.__dict__
