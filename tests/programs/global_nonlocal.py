counter = 0
def bump():
    global counter
    counter += 1
bump()
bump()
print(counter)
def set_new():
    global created
    created = "made"
set_new()
print(created)
def shadow():
    counter = 100
    return counter
print(shadow(), counter)
def outer():
    v = 1
    def change():
        nonlocal v
        v = 2
    change()
    return v
print(outer())
