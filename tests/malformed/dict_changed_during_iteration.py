# expect: 1 RuntimeError: dictionary changed size during iteration
d = {'a': 1}
for k in d:
    d['b'] = 2
