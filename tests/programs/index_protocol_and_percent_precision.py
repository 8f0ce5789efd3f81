# Objects with __index__ work where CPython takes an int (bin/hex/oct, range,
# slice bounds, sequence repetition); reversed() of a sequence-protocol class
# reads __len__/__getitem__; %-format precision counts characters and keeps
# the conversion's base.
print(repr('%.3s|%5.2s|%-6.1s|' % ('héllo', 'ñandú', 'é')), '%5.3o' % 255, '%.4x' % 255, '%08.3d' % -5, '%.3r' % 'abc', '%.5d' % 42, '%-7.3X|' % 10)
class V:
    def __init__(self, x): self.x = x
    def __index__(self): return self.x
print(bin(V(5)), hex(V(5)), oct(V(8)), list(range(V(3))), 'abcdef'[V(1):V(4)], [0] * V(2), 'ab' * V(2), V(2) * (1,), [1,2,3,4][::V(2)])
class B:
    def __init__(self, items): self.items = items
    def __len__(self): return 3
    def __getitem__(self, i): return 'abc'[i]
    def __iter__(self): return iter(self.items)
print(list(reversed(B([1, 2, 3]))))
