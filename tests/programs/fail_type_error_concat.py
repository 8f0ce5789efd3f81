xs = [1, 2]
ys = xs + (3,)
