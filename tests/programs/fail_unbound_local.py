count = 0
def increment():
    count += 1
increment()
