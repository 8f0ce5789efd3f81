class Stack:
    def __init__(self):
        self._items = []
    def push(self, x):
        self._items.append(x)
    def pop(self):
        if not self._items:
            raise IndexError("pop from empty stack")
        return self._items.pop()
    def __len__(self):
        return len(self._items)
    def __bool__(self):
        return bool(self._items)
def balanced(s):
    pairs = {")": "(", "]": "[", "}": "{"}
    st = Stack()
    for c in s:
        if c in "([{":
            st.push(c)
        elif c in pairs:
            if not st or st.pop() != pairs[c]:
                return False
    return not st
for s in ["([]{})", "([)]", "((", ""]:
    print(repr(s), balanced(s))
st = Stack()
try:
    st.pop()
except IndexError as e:
    print(e)
def rpn(expr):
    st = Stack()
    for tok in expr.split():
        if tok in "+-*/":
            b, a = st.pop(), st.pop()
            st.push({"+": a + b, "-": a - b, "*": a * b, "/": a / b}[tok])
        else:
            st.push(float(tok))
    return st.pop()
print(rpn("3 4 + 2 *"), rpn("5 1 2 + 4 * + 3 -"))
