int.mro()
