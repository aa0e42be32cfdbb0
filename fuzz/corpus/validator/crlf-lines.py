x = 1
y = eval('2')
z = 3