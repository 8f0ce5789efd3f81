# expect: 1 ValueError
print(f'{1:zz}')
