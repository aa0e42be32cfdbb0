# File permissions with Flag: combining and testing bits
from enum import Flag, auto


class Perm(Flag):
    READ = auto()
    WRITE = auto()
    EXECUTE = auto()
    ALL = READ | WRITE | EXECUTE


user = Perm.READ | Perm.WRITE
print(user)
print(Perm.WRITE in user, Perm.EXECUTE in user)
print(user & Perm.WRITE, bool(user & Perm.EXECUTE))
print(Perm.ALL, list(Perm.ALL))
print(user | Perm.EXECUTE == Perm.ALL)
print(~user)
print([p.name for p in user])
print(Perm(5), Perm(0))
