# Filling templates with string.Template
from string import Template

letter = Template("Dear $name,\n\nYour order #$order_id of ${quantity}x $item ships on $date.\nTotal: $$${total}\n")
print(letter.substitute(name="Ms. Rivera", order_id=10442, quantity=3, item="notebook",
                        date="June 3", total="14.97"))
partial = Template("Hello $name, your code is $code")
print(partial.safe_substitute(name="Sam"))
try:
    partial.substitute(name="Sam")
except KeyError as exc:
    print("missing placeholder:", exc)
print(Template("$a + $b = $c").substitute({"a": 2, "b": 3, "c": 5}))
print(partial.get_identifiers(), partial.is_valid())
