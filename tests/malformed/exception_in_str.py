# expect: 1 ZeroDivisionError: division by zero
class E:
    def __str__(self):
        return str(1 / 0)
print(E())
