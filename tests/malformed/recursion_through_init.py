# expect: 1 RecursionError: maximum recursion depth exceeded
class Node:
    def __init__(self):
        self.child = Node()
Node()
