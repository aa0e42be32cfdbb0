if 1:
x = 1
