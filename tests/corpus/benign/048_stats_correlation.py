# Is there a correlation between hours studied and exam score?
from statistics import correlation, covariance

hours = [1, 2, 2.5, 3, 4, 5, 6, 7.5, 8, 9]
score = [52, 55, 61, 60, 68, 70, 78, 85, 84, 93]
r = correlation(hours, score)
print(f"Pearson r = {r:.4f}")
print(f"r squared = {r * r:.4f}")
print(f"covariance = {covariance(hours, score):.4f}")
strength = "strong" if abs(r) > 0.7 else "moderate" if abs(r) > 0.4 else "weak"
print(f"{strength} {'positive' if r > 0 else 'negative'} correlation")
