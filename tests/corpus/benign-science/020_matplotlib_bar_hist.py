import numpy as np
import matplotlib.pyplot as plt
rng = np.random.default_rng(0)
fig, (a, b) = plt.subplots(1, 2)
a.bar(['x', 'y', 'z'], [3, 1, 2])
n, bins, _ = b.hist(rng.normal(size=200), bins=5)
print(n.tolist(), len(bins))
plt.close('all')
