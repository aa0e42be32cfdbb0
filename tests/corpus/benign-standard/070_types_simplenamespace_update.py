# Track a game character's state in a SimpleNamespace, applying updates.
from types import SimpleNamespace

hero = SimpleNamespace(name="Rin", hp=30, level=1, inventory=[])
events = [
    ("damage", 12), ("loot", "potion"), ("heal", 8), ("levelup", None),
    ("damage", 5), ("loot", "sword"),
]
for kind, arg in events:
    if kind == "damage":
        hero.hp = max(0, hero.hp - arg)
    elif kind == "heal":
        hero.hp += arg
    elif kind == "loot":
        hero.inventory.append(arg)
    elif kind == "levelup":
        hero.level += 1
        hero.max_hp = 30 + 10 * hero.level
    print(f"{kind:<8} hp={hero.hp:>2} level={hero.level}")

print(hero)
print("has max_hp:", hasattr(hero, "max_hp"))
