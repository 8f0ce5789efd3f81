class Tree:
    def __init__(self):
        self.root = None
    def insert(self, key):
        if self.root is None:
            self.root = [key, None, None]
            return
        node = self.root
        while True:
            idx = 1 if key < node[0] else 2
            if node[idx] is None:
                node[idx] = [key, None, None]
                return
            node = node[idx]
    def inorder(self):
        out = []
        def walk(n):
            if n:
                walk(n[1])
                out.append(n[0])
                walk(n[2])
        walk(self.root)
        return out
    def height(self, n="root"):
        if n == "root":
            n = self.root
        if n is None:
            return 0
        return 1 + max(self.height(n[1]), self.height(n[2]))
t = Tree()
for k in [50, 30, 70, 20, 40, 60, 80, 35]:
    t.insert(k)
print(t.inorder(), t.height())
