class Ctx:
    def __init__(self, name):
        self.name = name
    def __enter__(self):
        print("enter", self.name)
        return self
    def __exit__(self, *exc):
        print("exit", self.name, exc[0].__name__ if exc[0] else None)
        return False

def batches(n):
    with Ctx("batches"):
        for i in range(n):
            yield i

for b in batches(5):
    if b == 1:
        break
print("loop done")

def stubborn():
    try:
        yield 1
    except GeneratorExit:
        yield 2

s = stubborn()
next(s)
try:
    s.close()
except RuntimeError as e:
    print("RuntimeError", e)

def catcher():
    while True:
        try:
            yield "ready"
        except ValueError as e:
            print("handled", e)

c = catcher()
print(next(c))
print(c.throw(ValueError("bad")))
print(c.throw(ValueError))
try:
    c.throw(KeyError("k"))
except KeyError as e:
    print("escaped", e)
try:
    next(c)
except StopIteration:
    print("finished")

fresh = catcher()
try:
    fresh.throw(IndexError("early"))
except IndexError as e:
    print("early", e)
print(list(fresh))

def closing():
    try:
        yield 1
        yield 2
    finally:
        print("closing finally")
g = closing()
next(g)
g.close()
g.close()
print(list(g))
def ret_in_finally():
    try:
        yield 1
    finally:
        return 5
r = ret_in_finally()
next(r)
r.close()
print("closed r")
try:
    catcher().throw(3)
except TypeError as e:
    print("TypeError", e)
def gen_exit_value():
    try:
        yield
    except GeneratorExit as e:
        print("GeneratorExit", type(e).__name__, isinstance(e, Exception), isinstance(e, BaseException))
        raise
q = gen_exit_value()
next(q)
del q
print("end")
