# Loops: nested range loops with integer and float arithmetic.
def work(n):
    total = 0
    acc = 0.0
    for i in range(n):
        for j in range(n):
            total += (i * j) % 7
            acc += i * 0.5 - j
    return total, acc


print(work(2000))
