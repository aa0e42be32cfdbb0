# Suggest corrections for misspelled commands with difflib
import difflib

commands = ["status", "commit", "checkout", "branch", "merge", "rebase", "stash", "push", "pull", "fetch"]
for typo in ["comit", "stauts", "chekout", "mrege", "psh", "xyzzy"]:
    matches = difflib.get_close_matches(typo, commands, n=2, cutoff=0.6)
    print(f"{typo!r}: did you mean {matches}?" if matches else f"{typo!r}: no suggestion")
ratio = difflib.SequenceMatcher(None, "kitten", "sitting").ratio()
print(f"similarity kitten/sitting: {ratio:.4f}")
