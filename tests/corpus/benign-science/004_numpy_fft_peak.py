import numpy as np
t = np.linspace(0, 1, 500, endpoint=False)
s = np.sin(2 * np.pi * 50 * t) + 0.5 * np.sin(2 * np.pi * 120 * t)
f = np.fft.rfftfreq(t.size, d=t[1] - t[0])
p = np.abs(np.fft.rfft(s))
print(sorted(f[np.argsort(p)[-2:]].round(1).tolist()))
