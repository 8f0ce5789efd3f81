# expect: 1 KeyError: 'second'
try:
    raise ValueError('first')
except ValueError:
    raise KeyError('second')
