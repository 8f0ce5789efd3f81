def f():
    try:
        return "try"
    finally:
        print("finally runs before return")
print(f())
def g():
    for i in range(5):
        try:
            if i == 1:
                continue
            if i == 3:
                break
            print("body", i)
        finally:
            print("cleanup", i)
    return i
print(g())
def h():
    try:
        raise ValueError("x")
    except ValueError:
        return "from except"
    finally:
        print("finally after except")
print(h())
def nested():
    try:
        try:
            raise KeyError("k")
        finally:
            print("inner finally")
    except KeyError as e:
        print("outer caught", e)
    else:
        print("no else")
nested()
def else_clause():
    try:
        x = 1
    except Exception:
        print("no")
    else:
        print("else runs", x)
    finally:
        print("done")
else_clause()
def override():
    try:
        return 1
    finally:
        return 2
print(override())
