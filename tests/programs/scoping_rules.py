x = "global"
def read_global():
    return x
def local_shadow():
    x = "local"
    return x
def use_before_assign():
    try:
        print(x)
        x = 1
    except UnboundLocalError as e:
        print("UnboundLocalError:", e)
print(read_global(), local_shadow(), x)
use_before_assign()
class K:
    x = "class attr"
    y = x + "!"
    def method(self):
        return x
print(K.y, K().method())
def loop_var():
    for i in range(3):
        pass
    return i
print(loop_var())
def comp_scope():
    i = "kept"
    [i for i in range(3)]
    return i
print(comp_scope())
