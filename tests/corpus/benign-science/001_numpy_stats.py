import numpy as np
rng = np.random.default_rng(42)
x = rng.normal(10, 2, size=1000)
print(round(float(x.mean()), 3), round(float(x.std()), 3))
print(np.percentile(x, [25, 50, 75]).round(2).tolist())
