# Classes changed while their instances are in use: methods replaced on the
# class or a base, properties added and removed, instance attributes shadowing
# and unshadowing class attributes, new classes made in a loop. Every attribute
# read and method call runs through the same bytecode many times, so a cached
# lookup that outlived the change would show here.


class Base:
    kind = "base"

    def greet(self):
        return "hello from Base"

    def size(self):
        return 1


class Child(Base):
    def __init__(self, v):
        self.v = v

    def total(self):
        return self.v + self.size()


def read_all(objs):
    out = []
    for o in objs:
        out.append((o.kind, o.greet(), o.total(), o.v))
    return out


objs = [Child(i) for i in range(3)]
print(read_all(objs))

# A base's method replaced: the subclass sees it at once.
def bigger(self):
    return 10

Base.size = bigger
print(read_all(objs))

# The subclass overrides a method the base has.
Child.greet = lambda self: "hello from Child " + str(self.v)
print(read_all(objs))

# A class attribute changed on the base, then shadowed on the subclass.
Base.kind = "changed"
print(read_all(objs))
Child.kind = "child"
print(read_all(objs))
del Child.kind
print(read_all(objs))

# An instance attribute shadows a class attribute, then goes away.
objs[1].kind = "mine"
print(read_all(objs))
del objs[1].kind
print(read_all(objs))

# An instance attribute shadows a method: the call goes to the attribute.
objs[2].greet = lambda: "instance greet"
print(read_all(objs))
del objs[2].greet
print(read_all(objs))

# A property added later takes over reads and writes of the same name.
class Box:
    def __init__(self):
        self.w = 1

    def get(self):
        return self.w


boxes = [Box() for _ in range(3)]


def touch(bs):
    res = []
    for b in bs:
        b.w = b.w + 1
        res.append(b.get())
    return res


print(touch(boxes))
print(touch(boxes))


def w_get(self):
    return 100


def w_set(self, value):
    self.__dict__["stored"] = value


Box.w = property(w_get, w_set)
print(touch(boxes))
print([b.__dict__.get("stored") for b in boxes])
del Box.w
print(touch(boxes))

# A read-only property: the store fails, and keeps failing after other changes.
Box.w = property(w_get)
for b in boxes:
    try:
        b.w = 5
    except AttributeError as e:
        print("AttributeError", e)
Box.other = 1
for b in boxes:
    try:
        b.w = 6
    except AttributeError as e:
        print("AttributeError", e)
del Box.w


# Many classes made in a loop: each one's methods are its own.
def make(n):
    class K:
        def val(self):
            return n

    return K()


print([make(i).val() for i in range(6)])


def call_val(ks):
    return [k.val() for k in ks]


ks = [make(i) for i in range(4)]
print(call_val(ks))
print(call_val(list(reversed(ks))))

# Instances whose dicts are laid out differently, read by one instruction.
class P:
    pass


ps = []
for i in range(4):
    p = P()
    if i % 2:
        p.a = i
        p.b = -i
    else:
        p.b = i * 10
        p.a = i * 100
    ps.append(p)


def read_ab(ps):
    return [(p.a, p.b) for p in ps]


print(read_ab(ps))
for p in ps:
    p.b = p.a + 1
print(read_ab(ps))
del ps[0].a
ps[0].a = "re-added"
print(read_ab(ps))

# Methods fetched through type(), setattr() and getattr() after a change.
setattr(Base, "size", lambda self: 7)
print([o.total() for o in objs], getattr(objs[0], "size")())


# A property defined in a class body names itself in its errors.
class Named:
    @property
    def size(self):
        return 3


n = Named()
for _ in range(2):
    try:
        n.size = 4
    except AttributeError as e:
        print("AttributeError", e)
print(n.size)
