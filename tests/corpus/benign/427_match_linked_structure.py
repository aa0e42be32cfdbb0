# Recursive matching on a cons-list built from tuples
def to_list(cons: tuple | None) -> list:
    match cons:
        case None:
            return []
        case (head, tail):
            return [head] + to_list(tail)


def total(cons: tuple | None) -> int:
    match cons:
        case None:
            return 0
        case (int(head), tail):
            return head + total(tail)
        case (_, tail):
            return total(tail)


lst = (1, (2, ("skip", (4, None))))
print(to_list(lst), total(lst))
