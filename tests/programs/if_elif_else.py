def classify(n):
    if n < 0:
        return "negative"
    elif n == 0:
        return "zero"
    elif n < 10:
        return "small"
    else:
        return "large"
for v in [-5, 0, 3, 42]:
    print(v, classify(v))
if []:
    print("empty is true?")
else:
    print("empty is false")
x = 5
if x > 3: print("one-line if")
if x > 10:
    pass
elif x > 4:
    print("elif taken")
