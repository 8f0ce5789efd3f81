class Foo:
    def __init__(self):
        self.x = 1
f = Foo()
print(f.x)
print(f.bar)
