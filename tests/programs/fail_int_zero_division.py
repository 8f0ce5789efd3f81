total = 10
count = 0
print(total // count)
