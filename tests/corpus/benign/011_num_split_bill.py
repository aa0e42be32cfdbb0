# Split a restaurant bill with tip among friends, fixing rounding to the cent
subtotal_cents = 18_745
tip_rate = 0.18
people = ["Alice", "Bob", "Carol"]

tip_cents = round(subtotal_cents * tip_rate)
total_cents = subtotal_cents + tip_cents
share, remainder = divmod(total_cents, len(people))
print(f"Subtotal: ${subtotal_cents / 100:.2f}")
print(f"Tip (18%): ${tip_cents / 100:.2f}")
print(f"Total: ${total_cents / 100:.2f}")
for i, person in enumerate(people):
    owed = share + (1 if i < remainder else 0)
    print(f"  {person:<6} pays ${owed / 100:.2f}")
print("Check:", sum(share + (1 if i < remainder else 0) for i in range(len(people))) == total_cents)
