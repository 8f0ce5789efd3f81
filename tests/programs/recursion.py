def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
def hanoi(n, a, b, c, moves):
    if n == 0:
        return moves
    hanoi(n - 1, a, c, b, moves)
    moves.append((a, c))
    hanoi(n - 1, b, a, c, moves)
    return moves
print(fact(20), fib(22), len(hanoi(10, "A", "B", "C", [])))
def depth(n):
    return 0 if n == 0 else 1 + depth(n - 1)
print(depth(900))
def ackermann(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ackermann(m - 1, 1)
    return ackermann(m - 1, ackermann(m, n - 1))
print(ackermann(2, 3))
