# Remove temporary attributes from an object after a computation.
class Job:
    def __init__(self, name):
        self.name = name


job = Job("resize-images")
job.tmp_progress = 0.5
job.tmp_worker = "w-3"
job.result = "ok"
print("before:", sorted(vars(job)))

for attr in [a for a in vars(job) if a.startswith("tmp_")]:
    delattr(job, attr)
print("after:", sorted(vars(job)))
print("has tmp_worker:", hasattr(job, "tmp_worker"))

try:
    delattr(job, "missing")
except AttributeError as e:
    print("AttributeError:", e)
