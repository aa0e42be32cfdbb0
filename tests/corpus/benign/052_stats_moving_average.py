# Simple and exponential moving averages of daily temperatures
from collections import deque
from statistics import mean

temps = [21.0, 22.5, 19.8, 23.1, 25.4, 24.0, 22.2, 20.9, 26.3, 27.1]
window: deque[float] = deque(maxlen=3)
ema = None
alpha = 0.5
print(f"{'day':>3} {'temp':>5} {'SMA3':>6} {'EMA':>6}")
for day, t in enumerate(temps, 1):
    window.append(t)
    ema = t if ema is None else alpha * t + (1 - alpha) * ema
    sma = f"{mean(window):6.2f}" if len(window) == 3 else f"{'-':>6}"
    print(f"{day:>3} {t:>5.1f} {sma} {ema:6.2f}")
