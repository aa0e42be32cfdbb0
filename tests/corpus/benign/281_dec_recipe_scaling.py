# Scale a recipe with exact fractions and print mixed numbers
from fractions import Fraction


def mixed(f: Fraction) -> str:
    whole, rem = divmod(f.numerator, f.denominator)
    if rem == 0:
        return str(whole)
    frac = f"{rem}/{f.denominator}"
    return f"{whole} {frac}" if whole else frac


recipe = {"flour (cups)": Fraction(2, 3), "sugar (cups)": Fraction(1, 4), "butter (tbsp)": Fraction(3),
          "milk (cups)": Fraction(3, 8)}
for servings_factor in (Fraction(1, 2), Fraction(3, 2), Fraction(4)):
    scaled = ", ".join(f"{k} {mixed(v * servings_factor)}" for k, v in recipe.items())
    print(f"x{servings_factor}: {scaled}")
