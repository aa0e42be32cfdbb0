import matplotlib
import matplotlib.pyplot as plt
fig, ax = plt.subplots(figsize=(4, 3))
ax.plot([1, 2, 3], [2, 4, 1], label='series')
ax.set_title('demo')
ax.legend()
print(fig.get_size_inches().tolist(), len(ax.lines), ax.get_title())
plt.close(fig)
