# Warnings go to stderr, so stdout only shows the normal output
import warnings

for i in range(3):
    if i == 1:
        warnings.warn(f"iteration {i} is slow", ResourceWarning)
    print(f"iteration {i} done")
warnings.warn("finished with warnings", UserWarning)
print("all done")
