# Attach metadata to objects without owning them: WeakKeyDictionary.
import weakref


class Widget:
    def __init__(self, label):
        self.label = label


metadata = weakref.WeakKeyDictionary()
buttons = [Widget("ok"), Widget("cancel"), Widget("help")]
for i, w in enumerate(buttons):
    metadata[w] = {"order": i, "clicks": 0}

metadata[buttons[0]]["clicks"] += 3
metadata[buttons[2]]["clicks"] += 1
for w in buttons:
    print(w.label, metadata[w])
removed = buttons.pop(1)
del removed
print("tracked widgets:", sorted(w.label for w in metadata.keys()))
