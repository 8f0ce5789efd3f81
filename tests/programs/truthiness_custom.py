class Empty:
    def __len__(self):
        return 0
class Full:
    def __len__(self):
        return 3
class Flag:
    def __init__(self, v):
        self.v = v
    def __bool__(self):
        return self.v
class Plain:
    pass
for obj in (Empty(), Full(), Flag(True), Flag(False), Plain()):
    print(type(obj).__name__, bool(obj), "yes" if obj else "no", not obj)
print(len(Full()))
