import numpy as np
from scipy import interpolate, signal
x = np.arange(5)
f = interpolate.interp1d(x, x ** 2, kind='cubic')
print(round(float(f(2.5)), 4))
b, a = signal.butter(2, 0.25)
print(np.round(b, 5).tolist())
