# eval open __import__
print('eval(1) os.system __class__')
