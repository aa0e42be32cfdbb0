# Compact numeric arrays with the array module
from array import array

temps = array("d", [21.5, 22.0, 19.8])
temps.append(23.1)
temps.extend([20.0, 18.4])
print(temps, temps.itemsize, len(temps))
print(max(temps), sum(temps) / len(temps))
ids = array("I", range(5))
raw = ids.tobytes()
print(len(raw), raw[:8])
back = array("I")
back.frombytes(raw)
print(back == ids, back.tolist())
print(array("b", [1, -2, 3]).tolist(), array("u", "hi").tounicode())
