# Build a safe shell command string from user-provided filenames (printing, not running it).
import shlex

filenames = ["report.pdf", "my notes.txt", "it's here.doc", "$(rm -rf ~).txt", "plain"]
quoted = [shlex.quote(name) for name in filenames]
for original, q in zip(filenames, quoted):
    print(f"{original!r:<20} -> {q}")

command = "tar czf archive.tgz " + " ".join(quoted)
print(command)
print("splits back to the same names:", shlex.split(command)[3:] == filenames)
