class Node:
    def __init__(self, value, next=None):
        self.value = value
        self.next = next
class LinkedList:
    def __init__(self):
        self.head = None
        self.size = 0
    def push(self, v):
        self.head = Node(v, self.head)
        self.size += 1
    def __iter__(self):
        node = self.head
        out = []
        while node:
            out.append(node.value)
            node = node.next
        return iter(out)
    def __len__(self):
        return self.size
    def reverse(self):
        prev, node = None, self.head
        while node:
            node.next, prev, node = prev, node, node.next
        self.head = prev
ll = LinkedList()
for i in range(5):
    ll.push(i)
print(list(ll), len(ll))
ll.reverse()
print(list(ll), [v * 2 for v in ll])
