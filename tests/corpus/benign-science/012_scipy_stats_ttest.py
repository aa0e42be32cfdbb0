from scipy import stats
a = [5.1, 4.9, 5.6, 5.8, 6.0, 5.5]
b = [6.2, 6.4, 5.9, 6.8, 6.6, 6.1]
t, p = stats.ttest_ind(a, b)
print(round(float(t), 4), round(float(p), 5))
print(round(float(stats.norm.ppf(0.975)), 4), round(float(stats.binom.pmf(3, 10, 0.5)), 6))
