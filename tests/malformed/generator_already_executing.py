# expect: 1 ValueError
def running():
    yield next(me)

me = running()
next(me)
