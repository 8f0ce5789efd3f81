class Resource:
    def __init__(self, name, suppress=False):
        self.name = name
        self.suppress = suppress
    def __enter__(self):
        print("enter", self.name)
        return self
    def __exit__(self, exc_type, exc, tb):
        print("exit", self.name, exc_type.__name__ if exc_type else None)
        return self.suppress
with Resource("a") as r:
    print("inside", r.name)
with Resource("outer"), Resource("inner") as i:
    print("both", i.name)
with Resource("s", suppress=True):
    raise ValueError("swallowed")
print("after suppressed")
try:
    with Resource("p"):
        raise KeyError("propagates")
except KeyError as e:
    print("caught", e)
def early():
    with Resource("ret"):
        return "returned"
print(early())
for i in range(2):
    with Resource(f"loop{i}"):
        if i == 0:
            continue
        break
